/**
 * How long a workspace read that is read afresh on each visit stays fresh: a few seconds, so that the read the
 * route's loader started (shell/prefetch-workspace.ts) is the one the page shows, not read a second time as the page
 * mounts. A later visit reads again, and so does a change (the mutations invalidate what they change).
 */
export const ON_EACH_VISIT = 5_000;
