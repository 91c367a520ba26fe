import type { TillDone } from './till-receipt';

/** What the receipt of a sale shows that the server does not answer: its lines as rung up, the cash, when. */
type KeptSale = Omit<TillDone, 'sale'>;

const keyOf = (reference: string) => `souk-till-card:${reference}`;

/**
 * A sale whose card is taken on the provider's step: the till's page is left for it, and its
 * receipt is shown when the step comes back to this tab. Kept in the tab's session storage, which
 * outlives the page but not the tab; without it (storage refused) the receipt shows the server's figures alone.
 */
export function keepCardSale(reference: string, sale: KeptSale): void {
  try {
    sessionStorage.setItem(keyOf(reference), JSON.stringify(sale));
  } catch {
    // storage full or refused: see above
  }
}

/** The kept sale, taken out of storage: a receipt is shown once. */
export function takeCardSale(reference: string): KeptSale | null {
  try {
    const kept = sessionStorage.getItem(keyOf(reference));
    sessionStorage.removeItem(keyOf(reference));
    return kept ? (JSON.parse(kept) as KeptSale) : null;
  } catch {
    return null;
  }
}
