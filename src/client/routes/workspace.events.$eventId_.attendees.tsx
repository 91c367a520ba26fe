import { createFileRoute } from '@tanstack/react-router';
import { AttendeesPage } from '../features/workspace/checkin/attendees-page';

export const Route = createFileRoute('/workspace/events/$eventId_/attendees')({
  component: function AttendeesRoute() {
    const { eventId } = Route.useParams();
    return <AttendeesPage shortId={eventId} />;
  },
});
