import { createFileRoute } from '@tanstack/react-router';
import { TillPage } from '../features/workspace/till/till-page';
import { preloadNamespaces } from '../lib/i18n';
import { tillSearch } from '../lib/signed-in-search-params';

export const Route = createFileRoute('/workspace/pos')({
  // the till keeps selling for cash offline (where the firm allows it): no overlay in its way
  staticData: { worksOffline: true },
  validateSearch: tillSearch,
  loader: () => preloadNamespaces(['workspace-till']),
  component: function TillRoute() {
    const { card } = Route.useSearch();
    return <TillPage cardReference={card} />;
  },
});
