/**
 * The signed-in sections: the top-level route directories whose pages need an account. One list
 * for the three places that split them from the public pages:
 * - the entry's route tree leaves their declarations out (vite.config.ts and src/client/generate-route-tree.mjs:
 *   the public tree's `routeFileIgnorePattern`); they load with the whole tree on the first visit to one of them;
 * - the router loads that tree when a navigation goes to one of their paths (src/client/router.tsx);
 * - their route chunks' preload lists keep only CSS (vite.config.ts).
 * signed-in-sections.test.ts fails when a route file that requires a signed-in user sits in a section not listed here.
 * Plain data, no imports: src/client/generate-route-tree.mjs loads it outside the bundler.
 */
export const SIGNED_IN_SECTIONS = ['workspace', 'profile', 'business', 'create-firm'] as const;

const ALTERNATIVES = SIGNED_IN_SECTIONS.join('|');

/** A route file of a signed-in section, by its name in src/client/routes (`workspace.orders.tsx`, `profile_.x.tsx`). */
export const SIGNED_IN_ROUTE_FILE_PATTERN = `^(${ALTERNATIVES})[._]`;
/** The same, as a module id or built file path: `…/routes/workspace.orders.tsx`, `assets/profile.edit-abc.js`. */
export const SIGNED_IN_NAME = `(${ALTERNATIVES})`;
/** A URL path in a signed-in section: `/profile`, `/workspace/orders`. */
export const SIGNED_IN_PATH = new RegExp(`^/(${ALTERNATIVES})(/|$)`);
