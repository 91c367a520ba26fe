import { useEffect, useRef } from 'react';

/**
 * Taps before the scripts: a server-rendered page looks ready long before its scripts arrive
 * (they load after the hero image, src/client/ssr/deferred-scripts.ts), and React's handlers only
 * exist after hydration. A control that marks itself with `useEarlyTap(key)` is covered: an
 * inline script of the server HTML (captureEarlyTaps, in the head) catches a tap on it before its
 * component is live, shows it as busy and queues it; once the component is mounted (hydrated now,
 * or later when its part of the page hydrates) AND ready (`ready`: it knows what a tap means, e.g.
 * who is signed in and whether the firm is already followed) it takes its queued tap and clicks
 * itself, so the tap does what it would have done. Nothing a user taps is lost, whatever hydrates when.
 */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
/** set on the element once its component is live: taps reach React directly from then on */
export const LIVE_ATTRIBUTE = 'data-tap-live';
export const TAP_QUEUE = '__soukTaps';

declare global {
  interface Window {
    [TAP_QUEUE]?: KeptTap[];
  }
}

/**
 * A kept tap: which control, and what it showed when tapped (`aria-pressed` of a toggle). A toggle
 * tapped on "Follow" asks for "following": if the page, once it knows who is there, shows it
 * already followed, the tap has nothing left to do (replaying it would unfollow).
 */
interface KeptTap {
  key: string;
  pressed: string | null;
}

/** Runs in the browser, inline in the server HTML: keep it plain and self-contained. */
export function captureEarlyTaps(attribute: string, live: string, queueName: string) {
  const queue: Array<{ key: string; pressed: string | null }> = [];
  (window as unknown as Record<string, unknown>)[queueName] = queue;
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const element = target && target.closest ? target.closest(`[${attribute}]`) : null;
      if (!element || element.hasAttribute(live)) return;
      event.preventDefault();
      event.stopPropagation();
      const key = element.getAttribute(attribute) || '';
      for (let i = 0; i < queue.length; i++) if (queue[i].key === key) return;
      queue.push({ key, pressed: element.getAttribute('aria-pressed') });
      element.setAttribute('aria-busy', 'true');
    },
    true,
  );
}

/**
 * Props for a control whose taps before hydration must not be lost: `<button {...useEarlyTap('follow:' + id, ready, following)}>`;
 * `pressed` is a toggle's state (its `aria-pressed`), `ready` whether a tap can be understood yet.
 */
export function useEarlyTap<E extends HTMLElement = HTMLButtonElement>(key: string, ready = true, pressed?: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !ready) return;
    element.setAttribute(LIVE_ATTRIBUTE, '');
    element.removeAttribute('aria-busy');
    const queue = window[TAP_QUEUE];
    const index = queue ? queue.findIndex((tap) => tap.key === key) : -1;
    if (!queue || index < 0) return;
    const [tap] = queue.splice(index, 1);
    // a toggle already in the state the tap asked for is left as it is (React's state, not the
    // DOM's attribute: hydration does not patch attributes)
    if (tap.pressed === (pressed === undefined ? null : String(pressed))) element.click();
  }, [key, ready, pressed]);
  return { ref, [EARLY_TAP_ATTRIBUTE]: key } as { ref: React.RefObject<E | null>; 'data-early-tap': string };
}
