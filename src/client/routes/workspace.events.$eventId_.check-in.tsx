import { createFileRoute } from '@tanstack/react-router';
import { CheckinPage } from '../features/workspace/checkin/checkin-page';

export const Route = createFileRoute('/workspace/events/$eventId_/check-in')({
  // doors are where the signal is worst: the offline banner, never the overlay that blocks the scanner
  staticData: { worksOffline: true },
  component: function CheckinRoute() {
    const { eventId } = Route.useParams();
    return <CheckinPage shortId={eventId} />;
  },
});
