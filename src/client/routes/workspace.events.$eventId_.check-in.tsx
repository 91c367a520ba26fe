import { createFileRoute } from '@tanstack/react-router';
import { CheckinPage } from '../features/workspace/checkin/checkin-page';

export const Route = createFileRoute('/workspace/events/$eventId_/check-in')({
  component: function CheckinRoute() {
    const { eventId } = Route.useParams();
    return <CheckinPage shortId={eventId} />;
  },
});
