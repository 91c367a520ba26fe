import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * What the shell shows around a page. Pages pick a header with `useShellHeader(...)`;
 * without one the shell shows the header bar.
 */
export type HeaderConfig =
  | { type: 'bar'; badge?: string }
  | { type: 'simple'; badge?: string }
  /** small round image and title, both clickable */
  | {
      type: 'titleWithImage';
      title: string;
      image?: string | null;
      /** where the image and title go; default: scroll to top */
      to?: string;
      onClick?: () => void;
      hideOnScroll?: boolean;
      scrollTopOnClick?: boolean;
    }
  /** back arrow and title; clicking closes (onClose, else browser back) */
  | {
      type: 'close';
      title: string;
      onClose?: () => void;
      hideOnScroll?: boolean;
      scrollTopOnClick?: boolean;
    }
  | { type: 'none' };

interface ShellChromeState {
  header: HeaderConfig;
  footer: boolean;
  setHeader(header: HeaderConfig): void;
  setFooter(footer: boolean): void;
}

export const DEFAULT_HEADER: HeaderConfig = { type: 'bar' };

export const useShellChromeStore = create<ShellChromeState>((set) => ({
  header: DEFAULT_HEADER,
  footer: true,
  setHeader: (header) => set({ header }),
  setFooter: (footer) => set({ footer }),
}));

/**
 * Replaces the shell header while the calling page is mounted. Pass a stable (memoised) config
 * or primitives only; the header resets to the bar on unmount.
 */
export function useShellHeader(header: HeaderConfig | null | undefined): void {
  const key = header ? JSON.stringify(header) : '';
  useEffect(() => {
    if (!header) return;
    useShellChromeStore.getState().setHeader(header);
    return () => useShellChromeStore.getState().setHeader(DEFAULT_HEADER);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the JSON key covers the data; callbacks are read at click time
  }, [key]);
  // keep callbacks fresh without re-running the effect
  useEffect(() => {
    if (!header || !Object.values(header).some((value) => typeof value === 'function')) return;
    const current = useShellChromeStore.getState().header as Record<string, unknown>;
    const stale = Object.entries(header).some(([name, value]) => typeof value === 'function' && current[name] !== value);
    if (current.type === header.type && stale) useShellChromeStore.setState({ header });
  });
}

/** Hides the shell footer while the calling page is mounted (e.g. full-height tools). */
export function useHideFooter(hidden = true): void {
  useEffect(() => {
    if (!hidden) return;
    useShellChromeStore.getState().setFooter(false);
    return () => useShellChromeStore.getState().setFooter(true);
  }, [hidden]);
}
