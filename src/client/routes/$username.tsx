import { createFileRoute, notFound } from '@tanstack/react-router';
import { USERNAME_PATTERN } from '../../shared/username-pattern';
import { summarize } from '../../shared/summary';
import { firmQuery } from '../features/firms/api/get-firm';
import { FirmWithSections } from './-firm/firm-with-sections';
import { loadFirmSections } from './-firm/firm-loader';
import { HERO_SIZES } from '../components/ui/hero-sizes';
import { pageHead } from '../lib/page-head';
import { preloadNamespaces } from '../lib/i18n';
import { usePageView } from '../lib/page-view';

/** `/{username}`: a firm's public page, case-insensitive; route words and unknown names are 404. */
export const Route = createFileRoute('/$username')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!USERNAME_PATTERN.test(params.username)) throw notFound();
    const namespaces = preloadNamespaces(['firm', 'event', 'blog', 'saved']);
    const firm = await queryClient.ensureQueryData(firmQuery(params.username));
    if (!firm) throw notFound();
    await Promise.all([loadFirmSections(queryClient, firm), namespaces]);
    return {
      name: firm.name,
      username: firm.username,
      summary: summarize(firm.description),
      imagePath: firm.imagePath,
      imageWidth: firm.imageWidth,
    };
  },
  head: ({ loaderData }) =>
    loaderData
      ? pageHead({
          title: loaderData.name,
          description: loaderData.summary,
          hero: { path: loaderData.imagePath, sizes: HERO_SIZES.firm, width: loaderData.imageWidth },
          path: `/${loaderData.username}`,
        })
      : {},
  component: FirmPageRoute,
});

function FirmPageRoute() {
  const { username } = Route.useParams();
  usePageView('firm', username);
  return <FirmWithSections username={username} />;
}
