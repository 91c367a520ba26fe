import { defineMail, isolate } from '../../lib/mail';

/** What every mail of a booking says of it. */
interface BookingLines {
  firstName: string;
  firmName: string;
  /** the start, formatted in the recipient's language and the firm's time zone */
  when: string;
  party: number;
  reference: string;
  /** the booking's own page (its signed link) */
  url: string;
}

/** The bookings module's mails (src/server/lib/mail.ts), in English, Arabic and French. */
export const bookingConfirmedMail = defineMail<
  BookingLines & {
    table: string;
    /** the last moment the link cancels it, formatted like `when` */
    cancelUntil: string;
  }
>({
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
      { button: { label: 'See or cancel the booking', url: p.url } },
      { note: `The attached calendar file adds the booking to your calendar. The link above cancels it until ${p.cancelUntil}.` },
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
      { button: { label: 'اعرض الحجز أو ألغه', url: p.url } },
      { note: `يضيف ملف التقويم المرفق الحجز إلى تقويمك. يلغيه الرابط أعلاه حتى ${isolate(p.cancelUntil)}.` },
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
      { button: { label: 'Voir ou annuler la réservation', url: p.url } },
      {
        note: `Le fichier de calendrier joint ajoute la réservation à votre agenda. Le lien ci-dessus l’annule jusqu’au ${p.cancelUntil}.`,
      },
    ],
  }),
});

/** To a visitor without an account: the table is held until the link in this mail confirms it. */
export const bookingLinkMail = defineMail<BookingLines & { minutes: number }>({
  en: (p) => ({
    subject: `Confirm your table at ${p.firmName}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} holds a table for you for ${p.minutes} minutes. Confirm it with the button below, or it is given up.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          ['Reference', p.reference],
        ],
      },
      { button: { label: 'Confirm my booking', url: p.url } },
      { note: 'Not you? Do nothing: the table is freed on its own.' },
    ],
  }),
  ar: (p) => ({
    subject: `أكّد طاولتك في ${isolate(p.firmName)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      `يحجز ${isolate(p.firmName)} طاولة لك لمدة ${p.minutes} دقيقة. أكّدها بالزر أدناه، وإلا أُلغي الحجز.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'أكّد حجزي', url: p.url } },
      { note: 'لست أنت؟ لا تفعل شيئًا: ستُحرَّر الطاولة تلقائيًا.' },
    ],
  }),
  fr: (p) => ({
    subject: `Confirmez votre table chez ${p.firmName}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} vous garde une table pendant ${p.minutes} minutes. Confirmez-la avec le bouton ci-dessous, sinon elle est libérée.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          ['Référence', p.reference],
        ],
      },
      { button: { label: 'Confirmer ma réservation', url: p.url } },
      { note: 'Ce n’est pas vous ? Ne faites rien : la table sera libérée d’elle-même.' },
    ],
  }),
});

/** Before the booking, at the hour the firm chose. */
export const bookingReminderMail = defineMail<BookingLines>({
  en: (p) => ({
    subject: `Reminder: your table at ${p.firmName}, ${p.when}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} expects you soon.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          ['Reference', p.reference],
        ],
      },
      { button: { label: 'See or cancel the booking', url: p.url } },
    ],
  }),
  ar: (p) => ({
    subject: `تذكير: طاولتك في ${isolate(p.firmName)}، ${isolate(p.when)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      `ينتظرك ${isolate(p.firmName)} قريبًا.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'اعرض الحجز أو ألغه', url: p.url } },
    ],
  }),
  fr: (p) => ({
    subject: `Rappel : votre table chez ${p.firmName}, ${p.when}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} vous attend bientôt.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          ['Référence', p.reference],
        ],
      },
      { button: { label: 'Voir ou annuler la réservation', url: p.url } },
    ],
  }),
});

/** The booking has a new time (moved by its booker or by the team): the calendar file follows it. */
export const bookingMovedMail = defineMail<BookingLines & { table: string; cancelUntil: string }>({
  en: (p) => ({
    subject: `New time for your table at ${p.firmName}: ${p.when}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      `Your booking at ${isolate(p.firmName)} has a new time.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          ['Table', p.table],
          ['Reference', p.reference],
        ],
      },
      { button: { label: 'See, change or cancel the booking', url: p.url } },
      {
        note: `The attached calendar file updates the booking in your calendar. The link above changes or cancels it until ${p.cancelUntil}.`,
      },
    ],
  }),
  ar: (p) => ({
    subject: `موعد جديد لطاولتك في ${isolate(p.firmName)}: ${isolate(p.when)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      `لحجزك في ${isolate(p.firmName)} موعد جديد.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          ['الطاولة', p.table],
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'اعرض الحجز أو غيّره أو ألغه', url: p.url } },
      { note: `يحدّث ملف التقويم المرفق الحجز في تقويمك. يغيّره الرابط أعلاه أو يلغيه حتى ${isolate(p.cancelUntil)}.` },
    ],
  }),
  fr: (p) => ({
    subject: `Nouvel horaire pour votre table chez ${p.firmName} : ${p.when}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `Votre réservation chez ${isolate(p.firmName)} a un nouvel horaire.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          ['Table', p.table],
          ['Référence', p.reference],
        ],
      },
      { button: { label: 'Voir, modifier ou annuler la réservation', url: p.url } },
      {
        note: `Le fichier de calendrier joint met à jour la réservation dans votre agenda. Le lien ci-dessus la modifie ou l’annule jusqu’au ${p.cancelUntil}.`,
      },
    ],
  }),
});
