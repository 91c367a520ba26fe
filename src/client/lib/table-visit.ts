import { useSyncExternalStore } from 'react';

/**
 * The table whose code the guest scanned, kept for the visit (this tab's session storage): the
 * firm's pages show it, and the cart's checkout sends its token, which the server checks.
 */
export interface TableVisitKept {
  token: string;
  label: string;
  firmId: string;
  /** the firm lets this table's guests pay at the counter */
  counterPayment: boolean;
}

const KEY = 'souk.table';

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function keepTableVisit(visit: TableVisitKept): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(visit));
  } catch {
    // storage refused (private mode, full): the order is sent without its table, as from the firm's page
  }
}

/** What is kept changes only by a scan, which opens the firm's page afresh: nothing to listen to. */
const subscribe = () => () => undefined;

/** The table kept for this firm's page, or null (none, another firm's, or the server's render). */
export function useTableVisit(firmId: string): TableVisitKept | null {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  if (!raw) return null;
  try {
    const visit = JSON.parse(raw) as TableVisitKept;
    return visit.firmId === firmId ? visit : null;
  } catch {
    return null;
  }
}
