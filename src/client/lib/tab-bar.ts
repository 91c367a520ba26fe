import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { getStored, removeStored, setStored, STORAGE_KEYS } from './signed-storage';

export const TABS = ['home', 'explore', 'profile'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_ROOTS: Record<Tab, string> = { home: '/', explore: '/explore', profile: '/profile' };

/**
 * First path segments on which the tab bar is hidden (spec section 2): the workspace, the auth
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

/** The signed localStorage wrapper as a zustand storage, so a tampered entry is dropped. */
export const signedStateStorage: StateStorage = {
  getItem: (name) => {
    const value = getStored<string>(name);
    return typeof value === 'string' ? value : null;
  },
  setItem: (name, value) => setStored(name, value),
  removeItem: (name) => removeStored(name),
};

interface TabMemoryState {
  /** last visited href (path, search and hash) per tab */
  last: Partial<Record<Tab, string>>;
  remember(href: string): void;
  forget(tab: Tab): void;
}

export const useTabMemoryStore = create<TabMemoryState>()(
  persist(
    (set) => ({
      last: {},
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
    }),
    {
      name: STORAGE_KEYS.tabMemory,
      storage: createJSONStorage(() => signedStateStorage),
      partialize: (state) => ({ last: state.last }),
      version: 1,
    },
  ),
);

/** Where a tab switch goes: the tab's remembered route if it still belongs to that tab, else its root. */
export function tabTarget(tab: Tab, last: Partial<Record<Tab, string>>): string {
  const remembered = last[tab];
  if (!remembered || !remembered.startsWith('/') || remembered.startsWith('//')) return TAB_ROOTS[tab];
  const pathname = remembered.split(/[?#]/)[0] || '/';
  return activeTab(pathname) === tab ? remembered : TAB_ROOTS[tab];
}
