const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `root` that Tab can reach, in order. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * A stack of open modal layers: only the top one handles Escape and traps focus, and the app
 * behind them is made inert so the keyboard cannot reach it.
 */
const layers: symbol[] = [];

function syncInert() {
  const app = document.getElementById('root');
  if (!app) return;
  if (layers.length > 0) app.setAttribute('inert', '');
  else app.removeAttribute('inert');
}

export function pushLayer(): { id: symbol; depth: number; release(): void } {
  const id = Symbol('layer');
  layers.push(id);
  syncInert();
  return {
    id,
    depth: layers.length - 1,
    release() {
      const index = layers.indexOf(id);
      if (index >= 0) layers.splice(index, 1);
      syncInert();
    },
  };
}

export const isTopLayer = (id: symbol) => layers[layers.length - 1] === id;
