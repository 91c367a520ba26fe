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
  /** a service's booking: the service and who gives it ("Consultation · Amina"); null for a table */
  service: string | null;
}

/** The row naming what is booked: the table, or the service and who gives it. */
const heldRow = (p: { table: string; service: string | null }, labels: { table: string; service: string }): [string, string] =>
  p.service ? [labels.service, p.service] : [labels.table, p.table];

/** The bookings module's mails (src/server/lib/mail.ts), in English, Arabic and French. */
export const bookingConfirmedMail = defineMail<
  BookingLines & {
    table: string;
    /** the last moment the link cancels it, formatted like `when` */
    cancelUntil: string;
  }
>({
  en: (p) => ({
    subject: `${p.service ? 'Booked' : 'Table booked'} at ${p.firmName}: ${p.when}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      p.service ? `${isolate(p.firmName)} has your booking.` : `${isolate(p.firmName)} has your table.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          heldRow(p, { table: 'Table', service: 'Service' }),
          ['Reference', p.reference],
        ],
      },
      { button: { label: 'See or cancel the booking', url: p.url } },
      { note: `The attached calendar file adds the booking to your calendar. The link above cancels it until ${p.cancelUntil}.` },
    ],
  }),
  ar: (p) => ({
    subject: `${p.service ? 'تم الحجز' : 'تم حجز طاولة'} في ${isolate(p.firmName)}: ${isolate(p.when)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      p.service ? `حجزك مؤكد في ${isolate(p.firmName)}.` : `طاولتك محجوزة في ${isolate(p.firmName)}.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          heldRow(p, { table: 'الطاولة', service: 'الخدمة' }),
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'اعرض الحجز أو ألغه', url: p.url } },
      { note: `يضيف ملف التقويم المرفق الحجز إلى تقويمك. يلغيه الرابط أعلاه حتى ${isolate(p.cancelUntil)}.` },
    ],
  }),
  fr: (p) => ({
    subject: `${p.service ? 'Réservé' : 'Table réservée'} chez ${p.firmName} : ${p.when}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} vous attend.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          heldRow(p, { table: 'Table', service: 'Service' }),
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
    subject: `Confirm your ${p.service ? 'booking' : 'table'} at ${p.firmName}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} holds ${p.service ? isolate(p.service) : 'a table'} for you for ${p.minutes} minutes. Confirm it with the button below, or it is given up.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          ['Reference', p.reference],
        ],
      },
      { button: { label: 'Confirm my booking', url: p.url } },
      { note: `Not you? Do nothing: the ${p.service ? 'time' : 'table'} is freed on its own.` },
    ],
  }),
  ar: (p) => ({
    subject: `أكّد ${p.service ? 'حجزك' : 'طاولتك'} في ${isolate(p.firmName)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      `يحجز ${isolate(p.firmName)} ${p.service ? isolate(p.service) : 'طاولة'} لك لمدة ${p.minutes} دقيقة. أكّد الحجز بالزر أدناه، وإلا أُلغي.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'أكّد حجزي', url: p.url } },
      { note: `لست أنت؟ لا تفعل شيئًا: ${p.service ? 'سيُحرَّر الموعد' : 'ستُحرَّر الطاولة'} تلقائيًا.` },
    ],
  }),
  fr: (p) => ({
    subject: `Confirmez votre ${p.service ? 'réservation' : 'table'} chez ${p.firmName}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `${isolate(p.firmName)} vous garde ${p.service ? isolate(p.service) : 'une table'} pendant ${p.minutes} minutes. Confirmez avec le bouton ci-dessous, sinon la réservation est libérée.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          ['Référence', p.reference],
        ],
      },
      { button: { label: 'Confirmer ma réservation', url: p.url } },
      {
        note: `Ce n’est pas vous ? Ne faites rien : ${p.service ? 'le créneau sera libéré de lui-même' : 'la table sera libérée d’elle-même'}.`,
      },
    ],
  }),
});

/** Before the booking, at the hour the firm chose. */
export const bookingReminderMail = defineMail<BookingLines>({
  en: (p) => ({
    subject: `Reminder: your ${p.service ? 'booking' : 'table'} at ${p.firmName}, ${p.when}`,
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
    subject: `تذكير: ${p.service ? 'حجزك' : 'طاولتك'} في ${isolate(p.firmName)}، ${isolate(p.when)}`,
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
    subject: `Rappel : votre ${p.service ? 'réservation' : 'table'} chez ${p.firmName}, ${p.when}`,
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
    subject: `New time for your ${p.service ? 'booking' : 'table'} at ${p.firmName}: ${p.when}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      `Your booking at ${isolate(p.firmName)} has a new time.`,
      {
        rows: [
          ['When', p.when],
          ['Party', p.party === 1 ? '1 person' : `${p.party} people`],
          heldRow(p, { table: 'Table', service: 'Prestation' }),
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
    subject: `موعد جديد ${p.service ? 'لحجزك' : 'لطاولتك'} في ${isolate(p.firmName)}: ${isolate(p.when)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      `لحجزك في ${isolate(p.firmName)} موعد جديد.`,
      {
        rows: [
          ['الموعد', p.when],
          ['عدد الأشخاص', String(p.party)],
          heldRow(p, { table: 'الطاولة', service: 'الخدمة' }),
          ['المرجع', p.reference],
        ],
      },
      { button: { label: 'اعرض الحجز أو غيّره أو ألغه', url: p.url } },
      { note: `يحدّث ملف التقويم المرفق الحجز في تقويمك. يغيّره الرابط أعلاه أو يلغيه حتى ${isolate(p.cancelUntil)}.` },
    ],
  }),
  fr: (p) => ({
    subject: `Nouvel horaire pour votre ${p.service ? 'réservation' : 'table'} chez ${p.firmName} : ${p.when}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      `Votre réservation chez ${isolate(p.firmName)} a un nouvel horaire.`,
      {
        rows: [
          ['Quand', p.when],
          ['Personnes', String(p.party)],
          heldRow(p, { table: 'Table', service: 'Prestation' }),
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
