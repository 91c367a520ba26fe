import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { checkSession, useSessionStore } from '../../lib/session';
import { i18next } from '../../lib/i18n';
import { toast } from '../../lib/toast-store';

/**
 * `go` is a path of this app without its leading slash. Anything that could
 * leave the site (`//host`, `https:`, backslashes) is ignored.
 */
export function safeGo(go: string | undefined | null, fallback = '/profile'): string {
  if (!go || /^[\\/]/.test(go)) return fallback;
  const path = `/${go}`;
  if (/^\/[\\/]/.test(path) || path.includes('\\') || /^\/[a-z][a-z0-9+.-]*:/i.test(path)) return fallback;
  if (/^\/(login|signup|password|google)(\/|\?|$)/.test(path)) return fallback;
  return path;
}

/** The `go` value for the current location: path and query without the leading slash. */
export function goFor(location: Pick<ParsedLocation, 'pathname' | 'searchStr'>): string {
  return `${location.pathname.replace(/^\/+/, '')}${location.searchStr ?? ''}`;
}

/**
 * For `beforeLoad` of routes that need an account (workspace, create-firm, profile, buying
 * tickets): waits for the session check and sends signed-out visitors to /login?go=<here>.
 */
export async function requireSignedIn({ location }: { location: ParsedLocation }): Promise<void> {
  const user = useSessionStore.getState().status === 'signedIn' ? useSessionStore.getState().user : await checkSession();
  if (!user) {
    throw redirect({ to: '/login', search: { go: goFor(location) } });
  }
}

/** For login and signup: signed-in visitors go to /profile with 'You are already logged in'. */
export async function requireSignedOut(): Promise<void> {
  const user = useSessionStore.getState().status === 'signedIn' ? useSessionStore.getState().user : await checkSession();
  if (user) {
    await i18next.loadNamespaces('auth');
    toast.info(i18next.t('alreadyLoggedIn', { ns: 'auth' }));
    throw redirect({ to: '/profile' });
  }
}
