import { defineMail, isolate } from '../../lib/mail';

/** The orders module's mails (src/server/lib/mail.ts), in English, Arabic and French. */

type Rows = ReadonlyArray<readonly [string, string]>;

export const orderPaidMail = defineMail<{
  firstName: string;
  reference: string;
  /** the event's name, or the firm's for a shop order */
  title: string;
  /** the event's date and time, formatted in the recipient's language and the venue's time zone */
  when: string | null;
  lines: Rows;
  total: string;
  url: string;
  /** tickets went to friends too */
  forFriends: boolean;
}>({
  en: (p) => ({
    subject: `Order ${p.reference} confirmed: ${p.title}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      p.when
        ? `Your payment is confirmed. See you at ${isolate(p.title)} on ${isolate(p.when)}.`
        : `Your payment is confirmed: ${isolate(p.title)} has your order.`,
      { rows: [['Order reference', p.reference], ...p.lines, ['Total', p.total]] },
      ...(p.forFriends ? ['The tickets you bought for friends are in their accounts; each has its own code.'] : []),
      { button: { label: p.when ? 'Open my tickets' : 'See my order', url: p.url } },
      { note: 'Keep the order reference: the venue may ask for it.' },
    ],
  }),
  ar: (p) => ({
    subject: `تأكيد الطلب ${isolate(p.reference)}: ${isolate(p.title)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      p.when ? `تم تأكيد دفعتك. نراك في ${isolate(p.title)} يوم ${isolate(p.when)}.` : `تم تأكيد دفعتك: وصل طلبك إلى ${isolate(p.title)}.`,
      { rows: [['مرجع الطلب', p.reference], ...p.lines, ['المجموع', p.total]] },
      ...(p.forFriends ? ['التذاكر التي اشتريتها لأصدقائك موجودة في حساباتهم، ولكل منها رمزها الخاص.'] : []),
      { button: { label: p.when ? 'افتح تذاكري' : 'اعرض طلبي', url: p.url } },
      { note: 'احتفظ بمرجع الطلب: قد يطلبه المكان.' },
    ],
  }),
  fr: (p) => ({
    subject: `Commande ${p.reference} confirmée : ${p.title}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      p.when
        ? `Votre paiement est confirmé. Rendez-vous à ${isolate(p.title)} le ${isolate(p.when)}.`
        : `Votre paiement est confirmé : ${isolate(p.title)} a bien reçu votre commande.`,
      { rows: [['Référence de commande', p.reference], ...p.lines, ['Total', p.total]] },
      ...(p.forFriends ? ['Les billets achetés pour vos amis sont dans leurs comptes, chacun avec son propre code.'] : []),
      { button: { label: p.when ? 'Ouvrir mes billets' : 'Voir ma commande', url: p.url } },
      { note: 'Gardez la référence de commande : le lieu peut vous la demander.' },
    ],
  }),
});

export const ticketForYouMail = defineMail<{
  firstName: string;
  /** who bought it, or who passed it on */
  fromName: string;
  /** bought for you, or passed on to you */
  transfer: boolean;
  event: string;
  when: string;
  venue: string;
  reference: string;
  url: string;
}>({
  en: (p) => ({
    subject: p.transfer ? `${p.fromName} passed you a ticket for ${p.event}` : `${p.fromName} got you a ticket for ${p.event}`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      p.transfer
        ? `${isolate(p.fromName)} passed you their ticket. It now has a new code of its own, in your account.`
        : `${isolate(p.fromName)} bought you a ticket. It is in your account with its own code.`,
      {
        rows: [
          ['Event', p.event],
          ['When', p.when],
          ['Where', p.venue],
          ['Order reference', p.reference],
        ],
      },
      { button: { label: 'Open my ticket', url: p.url } },
      { note: 'Show the QR code at the door; it works offline once you have opened it.' },
    ],
  }),
  ar: (p) => ({
    subject: p.transfer
      ? `نقل إليك ${isolate(p.fromName)} تذكرة لـ ${isolate(p.event)}`
      : `اشترى لك ${isolate(p.fromName)} تذكرة لـ ${isolate(p.event)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      p.transfer
        ? `نقل إليك ${isolate(p.fromName)} تذكرته. لها الآن رمز جديد خاص بها في حسابك.`
        : `اشترى لك ${isolate(p.fromName)} تذكرة. إنها في حسابك برمزها الخاص.`,
      {
        rows: [
          ['الفعالية', p.event],
          ['الموعد', p.when],
          ['المكان', p.venue],
          ['مرجع الطلب', p.reference],
        ],
      },
      { button: { label: 'افتح تذكرتي', url: p.url } },
      { note: 'اعرض رمز QR عند الباب؛ يعمل دون اتصال بعد أن تفتحه مرة.' },
    ],
  }),
  fr: (p) => ({
    subject: p.transfer
      ? `${p.fromName} vous a transmis un billet pour ${p.event}`
      : `${p.fromName} vous a offert un billet pour ${p.event}`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      p.transfer
        ? `${isolate(p.fromName)} vous a transmis son billet. Il a maintenant un nouveau code, dans votre compte.`
        : `${isolate(p.fromName)} vous a acheté un billet. Il est dans votre compte avec son propre code.`,
      {
        rows: [
          ['Événement', p.event],
          ['Quand', p.when],
          ['Où', p.venue],
          ['Référence de commande', p.reference],
        ],
      },
      { button: { label: 'Ouvrir mon billet', url: p.url } },
      { note: 'Présentez le QR code à l’entrée ; il fonctionne hors ligne une fois ouvert.' },
    ],
  }),
});

export const orderRefundedMail = defineMail<{
  firstName: string;
  reference: string;
  title: string;
  amount: string;
  /** the seats were sold while the payment was late, the firm refunded (part of) the order, or the event was cancelled */
  reason: 'late_payment' | 'firm' | 'other';
  /** the firm's refund: its reason in its own words, and what went back */
  note?: string;
  items?: readonly string[];
  url: string;
}>({
  en: (p) => ({
    subject: `Order ${p.reference} refunded`,
    blocks: [
      `Hello ${isolate(p.firstName)},`,
      p.reason === 'late_payment'
        ? `Your payment for ${isolate(p.title)} arrived after the hold on your order had ended, and the places had gone. We refunded ${isolate(p.amount)}.`
        : `We refunded ${isolate(p.amount)} for your order for ${isolate(p.title)}.`,
      ...(p.items?.length ? [{ rows: p.items.map((item) => ['Refunded', item] as const) }] : []),
      ...(p.note ? [`The business says: ${isolate(p.note)}`] : []),
      'The money is on its way back to the card or wallet you paid with.',
      { button: { label: 'See my order', url: p.url } },
    ],
  }),
  ar: (p) => ({
    subject: `استرداد الطلب ${isolate(p.reference)}`,
    blocks: [
      `مرحبًا ${isolate(p.firstName)}،`,
      p.reason === 'late_payment'
        ? `وصلت دفعتك لـ ${isolate(p.title)} بعد انتهاء حجز طلبك، وكانت الأماكن قد نفدت. أعدنا إليك ${isolate(p.amount)}.`
        : `أعدنا إليك ${isolate(p.amount)} عن طلبك لـ ${isolate(p.title)}.`,
      ...(p.items?.length ? [{ rows: p.items.map((item) => ['تم استرداده', item] as const) }] : []),
      ...(p.note ? [`يقول النشاط التجاري: ${isolate(p.note)}`] : []),
      'المبلغ في طريقه إلى البطاقة أو المحفظة التي دفعت بها.',
      { button: { label: 'اعرض طلبي', url: p.url } },
    ],
  }),
  fr: (p) => ({
    subject: `Commande ${p.reference} remboursée`,
    blocks: [
      `Bonjour ${isolate(p.firstName)},`,
      p.reason === 'late_payment'
        ? `Votre paiement pour ${isolate(p.title)} est arrivé après la fin de la réservation de votre commande, et les places étaient parties. Nous avons remboursé ${isolate(p.amount)}.`
        : `Nous avons remboursé ${isolate(p.amount)} pour votre commande ${isolate(p.title)}.`,
      ...(p.items?.length ? [{ rows: p.items.map((item) => ['Remboursé', item] as const) }] : []),
      ...(p.note ? [`Le commerce précise : ${isolate(p.note)}`] : []),
      'L’argent revient sur la carte ou le portefeuille utilisé pour payer.',
      { button: { label: 'Voir ma commande', url: p.url } },
    ],
  }),
});
