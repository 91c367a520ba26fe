/**
 * Which paths the server renders (src/client/entry-server.tsx), shared with the service worker
 * (sw/routes.ts), which keeps those pages for repeat visits. No React or zod here: the worker
 * bundles this file.
 *
 * The public pages are rendered; everything else (workspace, profile, login, …) depends on the
 * signed-in user and stays a client-rendered shell.
 */
import { isPossibleFirmUsername } from './usernames';

const PUBLIC_SECTIONS: ReadonlySet<string> = new Set([
  'explore',
  'events',
  'category',
  'food',
  'shop',
  'services',
  'blog',
  'event',
  'product',
  'dish',
  'showcase',
  'search',
  'featured',
  'about',
  'privacy',
  'terms',
  'aup',
  'faq',
  'help',
  'credits',
]);

export function isServerRenderedPath(pathname: string): boolean {
  if (pathname === '/') return true;
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (segments.length === 0 || segments.length > 2 || segments.some((s) => !s)) return false;
  const [first, second] = segments;
  if (PUBLIC_SECTIONS.has(first.toLowerCase())) return true;
  // /{username} and its public sub-pages (/{username}/blog)
  return isPossibleFirmUsername(safeDecode(first)) && (second === undefined || second === 'blog');
}

/** A malformed escape (`/%E0%A4%A`) is not a username; decodeURIComponent would throw. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
