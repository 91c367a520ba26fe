/**
 * Page scroll lock shared by the offline overlay and every modal. Reference counted, so a
 * dialog opened over a modal (or closed under the overlay) never unlocks the page early.
 */
let locks = 0;

export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => {};
  if (locks === 0) {
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.setProperty('--scrollbar-width', `${Math.max(0, scrollbar)}px`);
    document.body.classList.add('scroll-locked');
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks = Math.max(0, locks - 1);
    if (locks === 0) {
      document.body.classList.remove('scroll-locked');
      document.body.style.removeProperty('--scrollbar-width');
    }
  };
}
