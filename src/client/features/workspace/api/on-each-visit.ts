/**
 * How long a workspace read that is read afresh on each visit stays fresh: a second, so that the read the route's
 * loader started (shell/prefetch-workspace.ts) is the one the page shows, not read a second time as the page mounts.
 * No longer than that: a visit a few seconds later reads again, and that read is what tells a member removed from the
 * team meanwhile that they no longer have access (and a change invalidates what it changes anyway). Were the page to
 * mount more than a second after the early read, it shows that read at once and reads again behind it: one more
 * request, no wait.
 */
export const ON_EACH_VISIT = 1_000;
