import { createFileRoute, redirect } from '@tanstack/react-router';

/** The workspace root opens its home. */
export const Route = createFileRoute('/workspace/')({
  beforeLoad: () => {
    throw redirect({ to: '/workspace/home', replace: true });
  },
});
