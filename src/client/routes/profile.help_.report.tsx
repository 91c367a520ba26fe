import { createFileRoute } from '@tanstack/react-router';
import { ReportForm } from '../features/profile/components/report-form';
import { preloadNamespaces } from '../lib/i18n';
import { reportSearch } from '../lib/signed-in-search-params';

/** `/profile/help/report?type&id&name`: report something for moderation. */
export const Route = createFileRoute('/profile/help_/report')({
  validateSearch: reportSearch,
  loader: () => preloadNamespaces(['settings']),
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  return <ReportForm {...search} />;
}
