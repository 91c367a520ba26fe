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

/** A table's printed code is the firm's own with `&table={token}`: its page keeps the table for the visit. */
export const TABLE_PARAM = 'table';

const KEY = 'souk.table';
const listeners = new Set<() => void>();

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
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

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
