import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { currencyDigits } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import type { SalesReport } from '../../../shared/sales-reports';
import { BOM, csvLine } from '../../lib/csv';

/**
 * The report as CSV for a spreadsheet: amounts as plain decimals of the currency (a dot, no
 * grouping, exact from the minor units), dates and times on the firm's clock, the header row in
 * the reader's language. Each file starts with a byte order mark so spreadsheet programs read
 * Arabic and French headers as UTF-8.
 */
const HEADERS: Record<Language, { series: string[]; orders: string[] }> = {
  en: {
    series: ['Date', 'Gross sales', 'Refunds', 'Net sales', 'Orders', 'Tickets sold', 'Currency'],
    orders: ['Reference', 'Paid at', 'Channel', 'Status', 'Total', 'Refunded', 'Currency'],
  },
  fr: {
    series: ['Date', 'Ventes brutes', 'Remboursements', 'Ventes nettes', 'Commandes', 'Billets vendus', 'Devise'],
    orders: ['Référence', 'Payée le', 'Canal', 'Statut', 'Total', 'Remboursé', 'Devise'],
  },
  ar: {
    series: ['التاريخ', 'إجمالي المبيعات', 'المبالغ المستردة', 'صافي المبيعات', 'الطلبات', 'التذاكر المباعة', 'العملة'],
    orders: ['المرجع', 'تاريخ الدفع', 'القناة', 'الحالة', 'الإجمالي', 'المبلغ المسترد', 'العملة'],
  },
};

/** 123456, 'EUR' → "1234.56"; -5, 'EUR' → "-0.05"; 700, 'JPY' → "700" (integers only, no floating point). */
export function decimalAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const units = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits ? `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}` : `${sign}${units}`;
}

export function seriesCsv(report: SalesReport, language: Language): string {
  const money = (minor: number) => decimalAmount(minor, report.currency);
  return (
    BOM +
    csvLine(HEADERS[language].series) +
    report.series
      .map((point) =>
        csvLine([
          point.start,
          money(point.grossMinor),
          money(point.refundsMinor),
          money(point.netMinor),
          point.orders,
          point.ticketsSold,
          report.currency,
        ]),
      )
      .join('')
  );
}

export const ordersCsvHeader = (language: Language) => BOM + csvLine(HEADERS[language].orders);

export interface CsvOrder {
  reference: string;
  paidAt: string;
  kind: string;
  status: string;
  totalMinor: number;
  refundedMinor: number;
  currency: string;
}

export const orderCsvLine = (order: CsvOrder, zone: string) =>
  csvLine([
    order.reference,
    format(new TZDate(order.paidAt, zone), 'yyyy-MM-dd HH:mm:ss'),
    order.kind,
    order.status,
    decimalAmount(order.totalMinor, order.currency),
    decimalAmount(order.refundedMinor, order.currency),
    order.currency,
  ]);
