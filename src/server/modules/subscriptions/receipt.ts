import { formatMoney } from '../../../shared/dates';
import { languageDirection, normalizeLanguage, type Language } from '../../../shared/i18n';
import { isolate } from '../../../shared/bidi';
import { APP_NAME } from '../../../shared/limits';
import { escapeHtml } from '../../lib/escape-html';

interface ReceiptRow {
  number: string;
  plan_key: string;
  amount_minor: number;
  currency: string;
  period_start: string;
  period_end: string;
  status: string;
  provider: string;
  payment_ref: string | null;
  created_at: string;
  name: string;
  username: string;
  address_line: string | null;
  city: string | null;
  country: string | null;
  language: string;
  timezone: string;
  first_name: string | null;
  last_name: string | null;
}

const TEXTS: Record<Language, Record<string, string>> = {
  en: {
    title: 'Receipt',
    number: 'Receipt number',
    date: 'Date paid',
    billedTo: 'Billed to',
    seller: 'Seller',
    item: 'Description',
    amount: 'Amount',
    plan: '{{plan}} plan, {{from}} – {{to}}',
    total: 'Total paid',
    method: 'Paid through',
    reference: 'Payment reference',
    paid: 'Paid',
    refunded: 'Refunded',
    by: 'Ordered by',
    thanks: 'Thank you for growing with Souk.',
    print: 'Print',
    free: 'Free',
    growth: 'Growth',
    premium: 'Premium',
  },
  ar: {
    title: 'إيصال',
    number: 'رقم الإيصال',
    date: 'تاريخ الدفع',
    billedTo: 'الفاتورة باسم',
    seller: 'البائع',
    item: 'الوصف',
    amount: 'المبلغ',
    plan: 'باقة {{plan}}، من {{from}} إلى {{to}}',
    total: 'المبلغ المدفوع',
    method: 'وسيلة الدفع',
    reference: 'مرجع الدفع',
    paid: 'مدفوع',
    refunded: 'مسترد',
    by: 'طلبها',
    thanks: 'شكرًا لنموك مع سوق.',
    print: 'طباعة',
    free: 'المجانية',
    growth: 'النمو',
    premium: 'المميزة',
  },
  fr: {
    title: 'Reçu',
    number: 'Numéro de reçu',
    date: 'Payé le',
    billedTo: 'Facturé à',
    seller: 'Vendeur',
    item: 'Désignation',
    amount: 'Montant',
    plan: 'Formule {{plan}}, du {{from}} au {{to}}',
    total: 'Total payé',
    method: 'Payé via',
    reference: 'Référence du paiement',
    paid: 'Payé',
    refunded: 'Remboursé',
    by: 'Commandé par',
    thanks: 'Merci de grandir avec Souk.',
    print: 'Imprimer',
    free: 'Gratuite',
    growth: 'Croissance',
    premium: 'Premium',
  },
};

/**
 * A receipt as a standalone HTML page (no script, its own print styles), in the firm's language,
 * right to left in Arabic: downloadable from billing, printable or saved as PDF by any browser.
 */
export function renderReceipt(row: ReceiptRow): string {
  const lang = normalizeLanguage(row.language);
  const text = TEXTS[lang];
  const dir = languageDirection(lang);
  const locale = lang === 'ar' ? 'ar-u-nu-latn' : lang;
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: row.timezone || 'UTC' }).format(new Date(iso));
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  const money = isolate(formatMoney(row.amount_minor, row.currency, lang));
  const address = [row.address_line, row.city, row.country]
    .filter(Boolean)
    .map((part) => escapeHtml(part!))
    .join('<br>');
  const buyer = row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null;
  const line = fill(text.plan, { plan: text[row.plan_key] ?? row.plan_key, from: day(row.period_start), to: day(row.period_end) });
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${text.title} ${row.number} — ${APP_NAME}`)}</title>
<style>
  @page { size: A4; margin: 18mm; }
  body { margin: 0; padding: 32px 16px; background: #f7f5f0; color: #1c1b19; font: 15px/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', Tahoma, sans-serif; }
  main { max-width: 720px; margin: 0 auto; padding: 36px 40px; background: #fff; border-radius: 14px; box-shadow: 0 8px 24px rgb(28 27 25 / 0.1); }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; border-bottom: 2px solid #0f766e; padding-bottom: 16px; }
  h1 { margin: 0; font-size: 28px; }
  .brand { color: #0f766e; font-size: 22px; font-weight: 800; }
  .status { display: inline-block; margin-top: 6px; padding: 2px 12px; border-radius: 999px; background: #dcfce7; color: #126f35; font-weight: 700; font-size: 13px; }
  .parties { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; margin: 24px 0; }
  .label { color: #5f5a52; font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; }
  th, td { padding: 10px 0; border-bottom: 1px solid #e4dfd5; text-align: start; }
  td.amount, th.amount { text-align: end; white-space: nowrap; }
  tfoot td { font-weight: 800; font-size: 17px; border-bottom: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: #5f5a52; }
  dd { margin: 0; }
  .ltr { direction: ltr; unicode-bidi: isolate; }
  footer { margin-top: 28px; color: #5f5a52; }
  @media print { body { background: #fff; padding: 0; } main { box-shadow: none; padding: 0; } }
</style>
</head>
<body>
<main>
  <header>
    <div>
      <h1>${text.title}</h1>
      <span class="status">${row.status === 'refunded' ? text.refunded : text.paid}</span>
    </div>
    <div class="brand">${APP_NAME}</div>
  </header>
  <dl style="margin-top:20px">
    <dt>${text.number}</dt><dd class="ltr">${escapeHtml(row.number)}</dd>
    <dt>${text.date}</dt><dd>${day(row.created_at)}</dd>
  </dl>
  <div class="parties">
    <div><div class="label">${text.billedTo}</div><strong>${escapeHtml(row.name)}</strong><br><span class="ltr">souk/${escapeHtml(row.username)}</span>${address ? `<br>${address}` : ''}${buyer ? `<br>${text.by}: ${escapeHtml(buyer)}` : ''}</div>
    <div><div class="label">${text.seller}</div><strong>${APP_NAME}</strong></div>
  </div>
  <table>
    <thead><tr><th>${text.item}</th><th class="amount">${text.amount}</th></tr></thead>
    <tbody><tr><td>${escapeHtml(line)}</td><td class="amount">${money}</td></tr></tbody>
    <tfoot><tr><td>${text.total}</td><td class="amount">${money}</td></tr></tfoot>
  </table>
  <dl>
    <dt>${text.method}</dt><dd>${escapeHtml(row.provider)}</dd>
    ${row.payment_ref ? `<dt>${text.reference}</dt><dd class="ltr">${escapeHtml(row.payment_ref)}</dd>` : ''}
  </dl>
  <footer>${text.thanks}</footer>
</main>
</body>
</html>
`;
}
