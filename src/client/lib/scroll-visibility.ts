import { useEffect, useRef, useState } from 'react';
import { SCROLL_THRESHOLD_PX, SCROLL_THROTTLE_MS } from '../../shared/limits';
import { throttle } from './throttle';

export interface ScrollSample {
  /** window.scrollY */
  y: number;
  /** window.innerHeight */
  viewport: number;
  /** document.documentElement.scrollHeight */
  document: number;
}

export interface ScrollVisibilityOptions {
  /** always visible within this many px of the top */
  topThreshold?: number;
  /** visible again within this many px of the bottom; null turns it off */
  bottomThreshold?: number | null;
  throttleMs?: number;
}

/**
 * Hide-on-scroll rule of the tab bar and the header: hidden while scrolling down,
 * shown when scrolling up, within `topThreshold` of the top or `bottomThreshold` of the bottom.
 */
export function nextScrollVisibility(
  visible: boolean,
  previousY: number,
  sample: ScrollSample,
  { topThreshold = SCROLL_THRESHOLD_PX, bottomThreshold = SCROLL_THRESHOLD_PX }: ScrollVisibilityOptions = {},
): boolean {
  if (sample.y <= topThreshold) return true;
  if (bottomThreshold !== null && sample.y + sample.viewport >= sample.document - bottomThreshold) return true;
  if (sample.y < previousY) return true;
  if (sample.y > previousY) return false;
  return visible;
}

function readScroll(): ScrollSample {
  return {
    y: window.scrollY,
    viewport: window.innerHeight,
    document: document.documentElement.scrollHeight,
  };
}

/** `true` while the element should show; follows window scroll, throttled (50 ms by default). */
export function useScrollVisibility(enabled = true, options: ScrollVisibilityOptions = {}): boolean {
  const [visible, setVisible] = useState(true);
  // Switched off, it shows; switched on again, it starts shown.
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (wasEnabled !== enabled) {
    setWasEnabled(enabled);
    setVisible(true);
  }
  const lastY = useRef<number | undefined>(undefined);
  const { topThreshold, bottomThreshold, throttleMs = SCROLL_THROTTLE_MS } = options;

  useEffect(() => {
    if (!enabled) return;
    // Where the page stands is read once the next frame is drawn, not here: reading window.scrollY forces a
    // layout, and this effect runs at the end of the hydration, before the layout is done (a long task).
    lastY.current = undefined;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => (lastY.current ??= window.scrollY), 0);
    });
    const onScroll = throttle(() => {
      const sample = readScroll();
      const previousY = lastY.current ?? 0; // read now: the state updater may run later (before the first frame: the top)
      lastY.current = sample.y;
      setVisible((current) => nextScrollVisibility(current, previousY, sample, { topThreshold, bottomThreshold }));
    }, throttleMs);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      onScroll.cancel();
    };
  }, [enabled, topThreshold, bottomThreshold, throttleMs]);

  return enabled ? visible : true;
}
