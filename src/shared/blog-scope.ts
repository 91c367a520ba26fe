/** The blog list's page size: the spec's shared blog fetch limit reads as 4 or 32; cards fill a 3/2/1 grid. */
export const BLOG_PAGE_SIZE = 12;
/** Posts of the same firm shown under an article (the article itself left out). */
export const MORE_POSTS = 3;

/**
 * Blog list scope: a `{username}` in the route lists only that firm's posts and
 * hides the firm label on cards; otherwise the firm of the header, else every post.
 */
export function blogScope(
  routeUsername: string | undefined,
  headerFirmUsername: string | undefined,
): {
  firmUsername: string | undefined;
  showFirmLabel: boolean;
} {
  if (routeUsername) return { firmUsername: routeUsername, showFirmLabel: false };
  if (headerFirmUsername) return { firmUsername: headerFirmUsername, showFirmLabel: true };
  return { firmUsername: undefined, showFirmLabel: true };
}
