import { keepTableVisit } from '../../lib/table-visit';
import { toast } from '../../lib/toast-store';
import { getTableVisit } from './api/get-table-visit';

/**
 * A table's printed code opened the firm's page (`?table={token}`): the table is looked up and kept
 * for the visit. A removed table's code says so, and the page stays the firm's.
 */
export async function openTable(token: string, firmId: string, unknownText: string): Promise<void> {
  try {
    const visit = await getTableVisit(token);
    if (visit.firm.id === firmId) keepTableVisit({ token, label: visit.label, firmId, counterPayment: visit.counterPayment });
    else toast.error(unknownText);
  } catch {
    toast.error(unknownText);
  }
}
