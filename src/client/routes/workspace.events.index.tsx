import { createFileRoute } from '@tanstack/react-router';
import { EventListPage } from '../features/workspace/events/event-list-page';

export const Route = createFileRoute('/workspace/events/')({
  component: EventListPage,
});
