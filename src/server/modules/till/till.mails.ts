import { defineMail, isolate } from '../../lib/mail';

/** The till's mail (src/server/lib/mail.ts): a counter sale's receipt, in English, Arabic and French. */

type Rows = ReadonlyArray<readonly [string, string]>;

type ReceiptParams = {
  firmName: string;
  reference: string;
  /** when it was sold, in the reader's language and the firm's time zone */
  soldAt: string;
  /** each line as "name x 2" and its amount, formatted */
  lines: Rows;
  /** what the sale took off, formatted (negative); null without a discount */
  discount: string | null;
  total: string;
  /** the part paid by card, formatted; null for a sale paid in cash alone */
  card: string | null;
  /** the cash handed over and the change; null for a sale paid by card alone */
  cash: { tendered: string; change: string } | null;
};

export const tillReceiptMail = defineMail<ReceiptParams>({
  en: (p) => ({
    subject: `Your receipt from ${p.firmName}`,
    blocks: [
      `Thank you for your visit to ${isolate(p.firmName)}. Here is your receipt.`,
      {
        rows: [
          ['Receipt', isolate(p.reference)],
          ['Date', p.soldAt],
        ],
      },
      { rows: p.lines },
      {
        rows: [
          ...(p.discount ? ([['Discount', isolate(p.discount)]] as const) : []),
          ['Total', isolate(p.total)],
          ...(p.card ? ([['Paid by card', isolate(p.card)]] as const) : []),
          ...(p.cash
            ? ([
                ['Paid in cash', isolate(p.cash.tendered)],
                ['Change', isolate(p.cash.change)],
              ] as const)
            : []),
        ],
      },
    ],
  }),
  ar: (p) => ({
    subject: `إيصالك من ${isolate(p.firmName)}`,
    blocks: [
      `شكرًا لزيارتك ${isolate(p.firmName)}. إليك إيصالك.`,
      {
        rows: [
          ['الإيصال', isolate(p.reference)],
          ['التاريخ', p.soldAt],
        ],
      },
      { rows: p.lines },
      {
        rows: [
          ...(p.discount ? ([['الخصم', isolate(p.discount)]] as const) : []),
          ['المجموع', isolate(p.total)],
          ...(p.card ? ([['المدفوع بالبطاقة', isolate(p.card)]] as const) : []),
          ...(p.cash
            ? ([
                ['المدفوع نقدًا', isolate(p.cash.tendered)],
                ['الباقي', isolate(p.cash.change)],
              ] as const)
            : []),
        ],
      },
    ],
  }),
  fr: (p) => ({
    subject: `Votre ticket de caisse de ${p.firmName}`,
    blocks: [
      `Merci de votre visite chez ${isolate(p.firmName)}. Voici votre ticket de caisse.`,
      {
        rows: [
          ['Ticket', isolate(p.reference)],
          ['Date', p.soldAt],
        ],
      },
      { rows: p.lines },
      {
        rows: [
          ...(p.discount ? ([['Remise', isolate(p.discount)]] as const) : []),
          ['Total', isolate(p.total)],
          ...(p.card ? ([['Payé par carte', isolate(p.card)]] as const) : []),
          ...(p.cash
            ? ([
                ['Payé en espèces', isolate(p.cash.tendered)],
                ['Rendu', isolate(p.cash.change)],
              ] as const)
            : []),
        ],
      },
    ],
  }),
});
