import { createFileRoute } from '@tanstack/react-router';
import { EventEditorPage } from '../features/workspace/events/event-editor-page';

export const Route = createFileRoute('/workspace/events/$eventId')({
  component: function EventEditorRoute() {
    const { eventId } = Route.useParams();
    return <EventEditorPage shortId={eventId} />;
  },
});
