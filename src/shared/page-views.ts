/**
 * The page-view beacon's words, without the schema library: every firm and item page sends a view,
 * so what it needs stays out of zod (the schema is in shared/performance.ts).
 */
export const PAGE_KINDS = ['firm', 'dish', 'product', 'event', 'post'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** The marker a printed code adds to the firm's address, so a visit from it counts as a scan. */
export const QR_SOURCE = 'qr';

/** The address a firm's printed QR code opens. */
export const qrTarget = (publicUrl: string, username: string) => `${publicUrl}/${username}?src=${QR_SOURCE}`;

/** The page seen, named as its address names it (a username or a short id), and whether the printed code opened it. */
export interface PageView {
  kind: PageKind;
  key: string;
  source?: typeof QR_SOURCE;
}
