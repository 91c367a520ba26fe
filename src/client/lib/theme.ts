import { create } from 'zustand';
import { getStored, setStored, STORAGE_KEYS } from './signed-storage';

export const THEME_PREFERENCES = ['default', 'bright', 'dark', 'blackout'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type AppliedTheme = Exclude<ThemePreference, 'default'>;

/** Cycle order of spec section 4: default, bright, dark, blackout, then default again. */
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

export function applyTheme(preference: ThemePreference): AppliedTheme {
  const theme = resolveTheme(preference, deviceDark());
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = isDarkTheme(theme) ? 'dark' : 'light';
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', getComputedStyle(root).getPropertyValue('--color-bar').trim() || '#0f766e');
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
  useThemeStore.setState({ preference, applied: applyTheme(preference) });
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      const { preference: current } = useThemeStore.getState();
      if (current === 'default') useThemeStore.setState({ applied: applyTheme(current) });
    });
  }
}
