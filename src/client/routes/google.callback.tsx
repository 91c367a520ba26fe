import { createFileRoute } from '@tanstack/react-router';
import { GoogleCallbackPage } from '../features/auth/components/google-callback-page';

export const Route = createFileRoute('/google/callback')({
  component: GoogleCallbackPage,
});
