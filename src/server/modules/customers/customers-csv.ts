import type { Language } from '../../../shared/i18n';
import type { Customer } from '../../../shared/customers';
import { BOM, csvLine, spreadsheetText } from '../../lib/csv';
import { decimalAmount } from '../sales-reports/sales-csv';

/**
 * The customer list as CSV for a spreadsheet: the header row and yes/no in the reader's language,
 * amounts as plain decimals of the currency. Names, emails, notes and tags were typed by people, so
 * each is kept as text (`spreadsheetText`): a cell starting with = + - @ never runs as a formula.
 */
const WORDS: Record<Language, { headers: string[]; yes: string; no: string }> = {
  en: {
    headers: [
      'Name',
      'Username',
      'Email',
      'Total spent',
      'Currency',
      'Orders',
      'Tickets',
      'Bookings',
      'Follower',
      'Marketing mail',
      'Last visit',
      'Tags',
      'Notes',
    ],
    yes: 'yes',
    no: 'no',
  },
  fr: {
    headers: [
      'Nom',
      'Identifiant',
      'E-mail',
      'Total dépensé',
      'Devise',
      'Commandes',
      'Billets',
      'Réservations',
      'Abonné',
      'E-mails marketing',
      'Dernière visite',
      'Étiquettes',
      'Notes',
    ],
    yes: 'oui',
    no: 'non',
  },
  ar: {
    headers: [
      'الاسم',
      'اسم المستخدم',
      'البريد الإلكتروني',
      'إجمالي الإنفاق',
      'العملة',
      'الطلبات',
      'التذاكر',
      'الحجوزات',
      'متابع',
      'الرسائل التسويقية',
      'آخر زيارة',
      'الوسوم',
      'الملاحظات',
    ],
    yes: 'نعم',
    no: 'لا',
  },
};

export const customersCsvHeader = (language: Language) => BOM + csvLine(WORDS[language].headers);

export function customerCsvLine(customer: Customer, language: Language): string {
  const words = WORDS[language];
  const yesNo = (value: boolean) => (value ? words.yes : words.no);
  return csvLine([
    spreadsheetText(customer.name),
    spreadsheetText(customer.flip ?? ''),
    spreadsheetText(customer.email ?? ''),
    decimalAmount(customer.spentMinor, customer.currency),
    customer.currency,
    customer.orders,
    customer.tickets,
    customer.bookings,
    yesNo(customer.follows),
    yesNo(customer.marketingOptIn),
    customer.lastVisitAt ?? '',
    spreadsheetText(customer.tags.join(', ')),
    spreadsheetText(customer.notes),
  ]);
}
