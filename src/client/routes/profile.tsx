import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/guards';

/**
 * The own-profile sub-paths need an account; anything else under /profile
 * is another person's public profile (/profile/{flip}) and stays open to guests.
 */
const PRIVATE = new Set([
  '',
  'edit',
  'settings',
  'cart',
  'saved',
  'orders',
  'bookings',
  'updates',
  'following',
  'people',
  'payments',
  'addresses',
  'preferences',
  'notifications',
  'privacy',
  'help',
  'version',
  'account',
  'sessions',
  'messages',
]);

export const Route = createFileRoute('/profile')({
  beforeLoad: async ({ location }) => {
    const first = location.pathname.replace(/^\/profile\/?/, '').split('/')[0];
    if (PRIVATE.has(first)) await requireSignedIn({ location });
  },
  component: Outlet,
});
