import { createFileRoute } from '@tanstack/react-router';
import { planSearch } from '../lib/signed-in-search-params';
import { PlanPage } from '../features/workspace/plans/plan-page';

export const Route = createFileRoute('/workspace/subscription/$name')({
  validateSearch: planSearch,
  component: function PlanRoute() {
    const { name } = Route.useParams();
    const { canceled } = Route.useSearch();
    return <PlanPage name={name} canceled={canceled === '1'} />;
  },
});
