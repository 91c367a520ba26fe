/** The About tabs and the URL fragment each one lives at ('' is the overview). */
export const ABOUT_TABS = ['overview', 'ethics', 'careers', 'news', 'credits'] as const;
export type AboutTab = (typeof ABOUT_TABS)[number];

export function tabFromHash(hash: string): AboutTab | undefined {
  const fragment = hash.replace(/^#/, '');
  if (fragment === '') return 'overview';
  return (ABOUT_TABS as readonly string[]).includes(fragment) && fragment !== 'overview' ? (fragment as AboutTab) : undefined;
}

export function hashForTab(tab: AboutTab): string {
  return tab === 'overview' ? '' : tab;
}

/** Next tab for an arrow key, with wraparound; Left/Right swap meaning in right-to-left layouts. */
export function tabForKey(current: AboutTab, key: string, rtl: boolean): AboutTab | undefined {
  const index = ABOUT_TABS.indexOf(current);
  const last = ABOUT_TABS.length - 1;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return ABOUT_TABS[index === last ? 0 : index + 1];
  if (key === backward) return ABOUT_TABS[index === 0 ? last : index - 1];
  if (key === 'Home') return ABOUT_TABS[0];
  if (key === 'End') return ABOUT_TABS[last];
  return undefined;
}
