import { apiRequest } from '../../../lib/api-client';
import type { TableVisit } from '../../../../shared/firm-tables';

/** The table and firm a printed code names (404 once the table is removed). */
export const getTableVisit = (token: string) => apiRequest<TableVisit>(`/api/public/tables/${encodeURIComponent(token)}`);
