import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { REPORT_TARGETS } from '../../shared/report-kinds';
import { ReportForm } from '../features/profile/components/report-form';
import { preloadNamespaces } from '../lib/i18n';

const searchSchema = z.object({
  type: z.catch(z.optional(z.enum(REPORT_TARGETS)), undefined),
  id: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
  name: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});

/** `/profile/help/report?type&id&name`: report something for moderation. */
export const Route = createFileRoute('/profile/help_/report')({
  validateSearch: (search) => searchSchema.parse(search),
  loader: () => preloadNamespaces(['settings']),
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  return <ReportForm {...search} />;
}
