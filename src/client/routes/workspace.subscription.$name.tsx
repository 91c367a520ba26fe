import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { PlanPage } from '../features/workspace/plans/plan-page';

export const Route = createFileRoute('/workspace/subscription/$name')({
  validateSearch: z.object({ canceled: z.catch(z.optional(z.string().check(z.maxLength(5))), undefined) }),
  component: function PlanRoute() {
    const { name } = Route.useParams();
    const { canceled } = Route.useSearch();
    return <PlanPage name={name} canceled={canceled === '1'} />;
  },
});
