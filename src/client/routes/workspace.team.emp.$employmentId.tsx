import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '../features/workspace/team/member-page';

export const Route = createFileRoute('/workspace/team/emp/$employmentId')({
  component: function MemberRoute() {
    const { employmentId } = Route.useParams();
    return <MemberPage employmentId={employmentId} />;
  },
});
