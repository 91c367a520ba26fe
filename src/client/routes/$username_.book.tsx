import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { USERNAME_PATTERN } from '../../shared/username-pattern';
import { firmQuery } from '../features/firms/api/get-firm';
import { BookPage } from '../features/bookings/components/book-page';
import { preloadNamespaces } from '../lib/i18n';
import { pageHead } from '../lib/page-head';

/** `/{username}/book`: the slot picker of a firm that takes bookings (others: 404). */
export const Route = createFileRoute('/$username_/book')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!USERNAME_PATTERN.test(params.username)) throw notFound();
    const [firm] = await Promise.all([queryClient.ensureQueryData(firmQuery(params.username)), preloadNamespaces(['bookings'])]);
    if (!firm?.takesBookings) throw notFound();
    return { name: firm.name, username: firm.username };
  },
  head: ({ loaderData }) => (loaderData ? pageHead({ title: loaderData.name, path: `/${loaderData.username}/book` }) : {}),
  component: BookRoute,
});

function BookRoute() {
  const { username } = Route.useParams();
  const { data: firm } = useSuspenseQuery(firmQuery(username));
  return firm ? <BookPage firm={firm} /> : null;
}
