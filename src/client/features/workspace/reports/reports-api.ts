import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SalesPeriod, SalesReport } from '../../../../shared/sales-reports';

export interface ReportPeriod {
  period: SalesPeriod;
  /** the first and last day of a custom period, on the firm's calendar */
  from?: string;
  to?: string;
}

const periodQuery = (firmId: string, { period, from, to }: ReportPeriod): Record<string, string> =>
  period === 'custom' ? { firmId, period, from: from ?? '', to: to ?? '' } : { firmId, period };

/** `GET /api/dashboard/sales-reports?firmId=&period=`: the firm's sales over a period of its own days. */
export const salesReportQuery = (firmId: string, period: ReportPeriod) =>
  queryOptions({
    queryKey: queryKeys.salesReport(firmId, period.period, period.from ?? '', period.to ?? ''),
    queryFn: () => apiRequest<SalesReport>('/api/dashboard/sales-reports', { query: periodQuery(firmId, period) }),
    // the figures of the period shown stay while the next period's load
    placeholderData: keepPreviousData,
  });

/** The CSV download of the same period: its series (a row a day, week or month) or its orders. */
export function salesCsvHref(firmId: string, period: ReportPeriod, rows: 'series' | 'orders'): string {
  return `/api/dashboard/sales-reports/csv?${new URLSearchParams({ ...periodQuery(firmId, period), rows })}`;
}
