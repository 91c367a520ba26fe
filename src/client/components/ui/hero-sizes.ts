/**
 * `sizes` of the main picture of each public page (ZoomImage), shared with the page's head, whose
 * preload of that picture must ask for exactly the same rendition.
 */
export const HERO_SIZES = {
  firm: '(min-width: 1100px) 1100px, 100vw',
  event: '(min-width: 900px) 860px, 100vw',
  blog: '(min-width: 800px) 760px, 100vw',
} as const;
