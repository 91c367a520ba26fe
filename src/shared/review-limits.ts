/** Reviews: limits shared by the server's schemas (./reviews.ts) and the client's forms, apart from zod. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_PAGE_SIZE = 10;

/** "4.3" from a count and a sum of ratings; null without any review. */
export function ratingAverage(count: number, sum: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
