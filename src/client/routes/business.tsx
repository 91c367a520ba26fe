import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { requireSignedIn } from '../features/auth/guards';
import { BusinessList } from '../features/workspace/business/business-list';

const searchSchema = z.object({ invitation: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined) });

/** The Business screen: my employments and the invitations waiting for me (`?invitation=` from a mail or a notification). */
export const Route = createFileRoute('/business')({
  validateSearch: searchSchema,
  beforeLoad: requireSignedIn,
  component: function BusinessRoute() {
    const { invitation } = Route.useSearch();
    return <BusinessList invitation={invitation} />;
  },
});
