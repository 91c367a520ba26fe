import { create } from 'zustand';
import { getStored, setStored, STORAGE_KEYS } from './signed-storage';

export const THEME_PREFERENCES = ['default', 'bright', 'dark', 'blackout'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type AppliedTheme = Exclude<ThemePreference, 'default'>;

/** Cycle order: default, bright, dark, blackout, then default again. */
export function nextThemePreference(current: ThemePreference): ThemePreference {
  return THEME_PREFERENCES[(THEME_PREFERENCES.indexOf(current) + 1) % THEME_PREFERENCES.length];
}

/** Default follows the device: a dark device gives blackout, else bright. */
export function resolveTheme(preference: ThemePreference, deviceDark: boolean): AppliedTheme {
  if (preference === 'default') return deviceDark ? 'blackout' : 'bright';
  return preference;
}

export const isDarkTheme = (theme: AppliedTheme) => theme === 'dark' || theme === 'blackout';

function deviceDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

function readPreference(): ThemePreference {
  const stored = getStored<string>(STORAGE_KEYS.theme);
  return (THEME_PREFERENCES as readonly string[]).includes(stored ?? '') ? (stored as ThemePreference) : 'default';
}

/** The browser's bar takes the theme's bar colour (read from the CSS: a style computation when the style is stale). */
function applyThemeColor(): void {
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', getComputedStyle(document.documentElement).getPropertyValue('--color-bar').trim() || '#0f766e');
}

/**
 * `barColourLater`: at start-up the bar's colour is set once the page is idle. Reading it at once forced the
 * browser to compute the style of the whole page while the entry was being evaluated (one long task);
 * the theme's attributes are written only when they change (the inline script of index.html set data-theme).
 */
export function applyTheme(preference: ThemePreference, barColourLater = false): AppliedTheme {
  const theme = resolveTheme(preference, deviceDark());
  const root = document.documentElement;
  const scheme = isDarkTheme(theme) ? 'dark' : 'light';
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  if (root.style.colorScheme !== scheme) root.style.colorScheme = scheme;
  if (barColourLater) (window.requestIdleCallback ?? setTimeout)(applyThemeColor);
  else applyThemeColor();
  return theme;
}

interface ThemeState {
  preference: ThemePreference;
  applied: AppliedTheme;
  cycle(): void;
  set(preference: ThemePreference): void;
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  preference: 'default',
  applied: 'bright',
  cycle: () => get().set(nextThemePreference(get().preference)),
  set: (preference) => {
    setStored(STORAGE_KEYS.theme, preference);
    set({ preference, applied: applyTheme(preference) });
  },
}));

/** Applies the stored preference and follows the device while it is 'default'. */
export function initTheme(): void {
  const preference = readPreference();
  useThemeStore.setState({ preference, applied: applyTheme(preference, true) });
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      const { preference: current } = useThemeStore.getState();
      if (current === 'default') useThemeStore.setState({ applied: applyTheme(current) });
    });
  }
}
