import { useSyncExternalStore } from 'react';

/**
 * Installing the app. Chromium offers installation by a `beforeinstallprompt`
 * event, once, whenever it decides, possibly before the page's scripts have come (they load after
 * the hero image): an inline script of the server HTML (ssr/deferred-scripts.ts) and the layers
 * chunk (components/feedback/layers.tsx, for client-rendered pages) run `captureInstallPrompt`, which keeps the event on `window` for the Install button
 * (components/layout/install-button.tsx); Safari on iOS has no such event: the button explains
 * Share → Add to Home Screen there.
 */
export const INSTALL_PROMPT = '__soukInstallPrompt';

/** The part of Chromium's BeforeInstallPromptEvent we use. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Runs in the browser, maybe inline in the server HTML: keep it plain and self-contained. */
export function captureInstallPrompt(name: string) {
  const store = window as unknown as Record<string, unknown>;
  if (store[`${name}Listening`]) return;
  store[`${name}Listening`] = true;
  const keep = (event: Event | null) => {
    store[name] = event;
    window.dispatchEvent(new Event(name));
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our button offers it, not the browser's own bar
    keep(event);
  });
  window.addEventListener('appinstalled', () => keep(null));
}

const subscribe = (onChange: () => void) => {
  window.addEventListener(INSTALL_PROMPT, onChange);
  return () => window.removeEventListener(INSTALL_PROMPT, onChange);
};
const current = () => (window as unknown as Record<string, InstallPromptEvent | null | undefined>)[INSTALL_PROMPT] ?? null;

/** The browser's kept install offer, or null (none yet, used, or not a browser that offers one). */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(subscribe, current, () => null);
}

/** Forgets the offer once used: Chromium allows `prompt()` once per event. */
export function forgetInstallPrompt() {
  (window as unknown as Record<string, unknown>)[INSTALL_PROMPT] = null;
  window.dispatchEvent(new Event(INSTALL_PROMPT));
}

/** Whether the page runs as the installed app (then there is nothing to install). */
export function runsInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** Safari on an iPhone or iPad (iPadOS says Macintosh, with touch): installed by Share → Add to Home Screen. */
export function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}
