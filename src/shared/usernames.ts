import { USERNAME_PATTERN } from './username-pattern';

/**
 * Firm usernames share the site root with the app's routes (docs/architecture.md): a username
 * can never be one of these words, and `/{word}` never resolves to a firm.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'api',
  'assets',
  'auth',
  'aup',
  'blog',
  'bookings',
  'business',
  'cart',
  'category',
  'create',
  'create-firm',
  'credits',
  'dashboard',
  'event',
  'dish',
  'product',
  'events',
  'explore',
  'faq',
  'featured',
  'firm',
  'firms',
  'fladmin',
  'food',
  'google',
  'help',
  'home',
  'icons',
  'index',
  'login',
  'logout',
  'maintenance',
  'manifest',
  'media',
  'news',
  'notifications',
  'offline',
  'orders',
  'password',
  'people',
  'privacy',
  'profile',
  'public',
  'robots',
  'saved',
  'search',
  'services',
  'settings',
  'shop',
  'showcase',
  'signup',
  'static',
  'sw',
  'terms',
  'user',
  'workspace',
  '404',
]);

export function isReservedUsername(value: string): boolean {
  return RESERVED_USERNAMES.has(value.toLowerCase());
}

/** Whether `/{value}` may be a firm page: well-formed and not a route word. */
export function isPossibleFirmUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value) && !isReservedUsername(value);
}
