/**
 * Runs `task` once the page has loaded and the browser is idle (at most `timeout` ms after the load event), so
 * what the first paint does not need loads after it: the route error page, the update watcher (out of
 * the entry chunk). Without requestIdleCallback (Safari) a second after the load event.
 */
export function whenIdle(task: () => void, { timeout = 5000 } = {}): void {
  if (typeof window === 'undefined') return;
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout }) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
