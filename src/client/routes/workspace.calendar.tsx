import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../features/workspace/calendar/calendar-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/calendar')({
  loader: () => preloadNamespaces(['workspace-bookings']),
  component: CalendarPage,
});
