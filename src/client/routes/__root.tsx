import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { AppShell } from '../components/layout/app-shell';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
});
