import { create } from 'zustand';
import { getStored, setStored, STORAGE_KEYS } from './signed-storage';

export const TABS = ['home', 'explore', 'profile'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_ROOTS: Record<Tab, string> = { home: '/', explore: '/explore', profile: '/profile' };

/**
 * First path segments on which the tab bar is hidden: the workspace, the auth
 * routes (login, signup, password reset, the Google callback), the legal and help pages and the
 * create flows.
 */
const HIDDEN_SEGMENTS = new Set([
  'workspace',
  'auth',
  'signup',
  'login',
  'password',
  'google',
  'terms',
  'privacy',
  'faq',
  'about',
  'create',
  'create-firm',
  'help',
]);

export function firstSegment(pathname: string): string {
  return pathname.split('/').find((part) => part !== '') ?? '';
}

/** Active tab from the first path segment: none is home, profile is profile, anything else explore. */
export function activeTab(pathname: string): Tab {
  const segment = firstSegment(pathname);
  if (segment === '') return 'home';
  if (segment === 'profile') return 'profile';
  return 'explore';
}

/** Whether the path allows the tab bar at all (scrolling may still hide it). */
export function tabBarAllowed(pathname: string, signedIn: boolean): boolean {
  const segment = firstSegment(pathname).toLowerCase();
  if (segment === '') return signedIn;
  if (HIDDEN_SEGMENTS.has(segment) || segment.startsWith('create-')) return false;
  return true;
}

interface TabMemoryState {
  /** last visited href (path, search and hash) per tab */
  last: Partial<Record<Tab, string>>;
  remember(href: string): void;
  forget(tab: Tab): void;
}

/** The stored form (zustand's persist middleware wrote it so, version 1: kept as it was). */
interface StoredTabMemory {
  state?: { last?: Partial<Record<Tab, string>> };
  version?: number;
}

/** The remembered routes from the signed localStorage wrapper (a tampered entry is dropped), or none. */
function readTabMemory(): Partial<Record<Tab, string>> {
  const raw = getStored<string>(STORAGE_KEYS.tabMemory);
  if (typeof raw !== 'string') return {};
  try {
    const stored = JSON.parse(raw) as StoredTabMemory | null;
    const last = stored?.version === 1 ? stored.state?.last : undefined;
    return last && typeof last === 'object' ? last : {};
  } catch {
    return {};
  }
}

/**
 * Kept on the device by hand rather than with zustand's persist middleware: the store is in the entry of
 * every page, and the middleware was about 0.7 KB gzip of it.
 */
export const useTabMemoryStore = create<TabMemoryState>()((set) => ({
  last: readTabMemory(),
  remember: (href) => {
    const pathname = href.split(/[?#]/)[0] || '/';
    const tab = activeTab(pathname);
    set((state) => (state.last[tab] === href ? state : { last: { ...state.last, [tab]: href } }));
  },
  forget: (tab) =>
    set((state) => {
      const last = { ...state.last };
      delete last[tab];
      return { last };
    }),
}));

useTabMemoryStore.subscribe((state, previous) => {
  if (state.last === previous.last) return;
  setStored(STORAGE_KEYS.tabMemory, JSON.stringify({ state: { last: state.last }, version: 1 } satisfies StoredTabMemory));
});

/** Where a tab switch goes: the tab's remembered route if it still belongs to that tab, else its root. */
export function tabTarget(tab: Tab, last: Partial<Record<Tab, string>>): string {
  const remembered = last[tab];
  if (!remembered || !remembered.startsWith('/') || remembered.startsWith('//')) return TAB_ROOTS[tab];
  const pathname = remembered.split(/[?#]/)[0] || '/';
  return activeTab(pathname) === tab ? remembered : TAB_ROOTS[tab];
}
