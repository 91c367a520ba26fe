import { defineMail, isolate } from '../../lib/mail';

/** The bookings module's mails (src/server/lib/mail.ts), in English, Arabic and French. */
export const bookingConfirmedMail = defineMail<{
  firstName: string;
  firmName: string;
  /** the start, formatted in the recipient's language and the firm's time zone */
  when: string;
  party: number;
  table: string;
  reference: string;
  url: string;
}>({
  en: (p) => ({
    subject: `Table booked at ${p.firmName}: ${p.when}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} has your table.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          ['Table', p.table],
          ['Reference', p.reference],
        ],
      },
      { button: { label: 'See my bookings', url: p.url } },
      { note: 'The attached calendar file adds the booking to your calendar. You can cancel it in My bookings until it starts.' },
    ],
  }),
  ar: (p) => ({
    subject: `تم حجز طاولة في ${isolate(p.firmName)}: ${isolate(p.when)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      `طاولتك محجوزة في ${isolate(p.firmName)}.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          ['الطاولة', p.table],
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'اعرض حجوزاتي', url: p.url } },
      { note: 'يضيف ملف التقويم المرفق الحجز إلى تقويمك. يمكنك إلغاؤه من حجوزاتي حتى موعده.' },
    ],
  }),
  fr: (p) => ({
    subject: `Table réservée chez ${p.firmName} : ${p.when}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} vous attend.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          ['Table', p.table],
          ['Référence', p.reference],
        ],
      },
      { button: { label: 'Voir mes réservations', url: p.url } },
      {
        note: 'Le fichier de calendrier joint ajoute la réservation à votre agenda. Vous pouvez l’annuler dans Mes réservations jusqu’à l’heure prévue.',
      },
    ],
  }),
});
