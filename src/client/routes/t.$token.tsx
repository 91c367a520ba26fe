import { createFileRoute } from '@tanstack/react-router';
import { TableCodePage } from '../features/tables/components/table-code-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/t/{token}`: a table's printed code; it opens the firm's page with the table kept for the visit. */
export const Route = createFileRoute('/t/$token')({
  loader: () => preloadNamespaces(['firm']),
  component: TableCodeRoute,
});

function TableCodeRoute() {
  const { token } = Route.useParams();
  return <TableCodePage token={token} />;
}
