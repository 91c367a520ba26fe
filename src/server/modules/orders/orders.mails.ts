import { defineMail, isolate } from '../../lib/mail';
import type { OrderContents } from '../../../shared/order-wording';

/** The orders module's mails (src/server/lib/mail.ts), in English, Arabic and French. */

type Rows = ReadonlyArray<readonly [string, string]>;

/** A paid order's handover as its mail words it: times already in the reader's language and the firm's time zone. */
interface MailHandover {
  method: 'pickup' | 'delivery';
  address: string;
  /** the firm's pickup hours as written; '' = its opening hours */
  hours: string;
  /** from when a pickup can be collected; null when at once */
  readyFrom: string | null;
  /** the delivery fee, formatted; null when none */
  fee: string | null;
}

type PaidParams = {
  firstName: string;
  reference: string;
  /** the event's name, or the firm's for a shop order */
  title: string;
  /** the event's date and time, formatted in the recipient's language and the venue's time zone */
  when: string | null;
  /** tickets only, goods only (a shop, the kitchen) or both: src/shared/order-wording.ts */
  contents: OrderContents;
  handover: MailHandover | null;
  lines: Rows;
  /** the promo code and what it took off, formatted (negative); null without one */
  discount: { code: string; amount: string } | null;
  total: string;
  url: string;
  /** tickets went to friends too */
  forFriends: boolean;
};

/** Each language's words for a paid order; the blocks are built once from them. */
interface PaidWords {
  subject: (p: PaidParams) => string;
  hello: (name: string) => string;
  /** see you at the event */
  atEvent: (title: string, when: string) => string;
  /** the firm has the order */
  hasOrder: (title: string) => string;
  pickup: (h: MailHandover) => string;
  delivery: (h: MailHandover) => string;
  reference: string;
  deliveryFee: string;
  discount: (code: string) => string;
  total: string;
  forFriends: string;
  tickets: string;
  order: string;
  note: (contents: OrderContents) => string;
}

function paidBlocks(w: PaidWords, p: PaidParams) {
  const handover = p.handover && (p.handover.method === 'pickup' ? w.pickup(p.handover) : w.delivery(p.handover));
  const feeRow = p.handover?.fee ? ([[w.deliveryFee, p.handover.fee]] as const) : [];
  const discountRow = p.discount ? ([[w.discount(p.discount.code), p.discount.amount]] as const) : [];
  return {
    subject: w.subject(p),
    blocks: [
      w.hello(p.firstName),
      p.when && p.contents !== 'shop' ? w.atEvent(p.title, p.when) : w.hasOrder(p.title),
      ...(handover ? [handover] : []),
      { rows: [[w.reference, p.reference], ...p.lines, ...discountRow, ...feeRow, [w.total, p.total]] as Rows },
      ...(p.forFriends ? [w.forFriends] : []),
      { button: { label: p.contents === 'shop' ? w.order : w.tickets, url: p.url } },
      { note: w.note(p.contents) },
    ],
  };
}

const EN: PaidWords = {
  subject: (p) => `Order ${p.reference} confirmed: ${p.title}`,
  hello: (name) => `Hello ${isolate(name)},`,
  atEvent: (title, when) => `Your payment is confirmed. See you at ${isolate(title)} on ${isolate(when)}.`,
  hasOrder: (title) => `Your payment is confirmed: ${isolate(title)} has your order.`,
  pickup: (h) =>
    `Collect it at ${isolate(h.address)}${h.readyFrom ? `, ready from ${isolate(h.readyFrom)}` : ''}. ${
      h.hours ? `Pickup hours: ${isolate(h.hours)}.` : 'Pickup during opening hours.'
    }`,
  delivery: (h) => `It will be delivered to ${isolate(h.address)}. The business will bring it as soon as it is ready.`,
  reference: 'Order reference',
  deliveryFee: 'Delivery',
  discount: (code) => `Discount (${isolate(code)})`,
  total: 'Total',
  forFriends: 'The tickets you bought for friends are in their accounts; each has its own code.',
  tickets: 'Open my tickets',
  order: 'See my order',
  note: (contents) =>
    contents === 'shop' ? 'Keep the order reference: the business may ask for it.' : 'Keep the order reference: the venue may ask for it.',
};

const AR: PaidWords = {
  subject: (p) => `تأكيد الطلب ${isolate(p.reference)}: ${isolate(p.title)}`,
  hello: (name) => `مرحبًا ${isolate(name)}،`,
  atEvent: (title, when) => `تم تأكيد دفعتك. نراك في ${isolate(title)} يوم ${isolate(when)}.`,
  hasOrder: (title) => `تم تأكيد دفعتك: وصل طلبك إلى ${isolate(title)}.`,
  pickup: (h) =>
    `استلمه من ${isolate(h.address)}${h.readyFrom ? `، جاهز ابتداءً من ${isolate(h.readyFrom)}` : ''}. ${
      h.hours ? `ساعات الاستلام: ${isolate(h.hours)}.` : 'الاستلام خلال ساعات العمل.'
    }`,
  delivery: (h) => `سيُوصَل إلى ${isolate(h.address)}. سيحضره النشاط التجاري فور جاهزيته.`,
  reference: 'مرجع الطلب',
  deliveryFee: 'التوصيل',
  discount: (code) => `الخصم (${isolate(code)})`,
  total: 'المجموع',
  forFriends: 'التذاكر التي اشتريتها لأصدقائك موجودة في حساباتهم، ولكل منها رمزها الخاص.',
  tickets: 'افتح تذاكري',
  order: 'اعرض طلبي',
  note: (contents) => (contents === 'shop' ? 'احتفظ بمرجع الطلب: قد يطلبه النشاط التجاري.' : 'احتفظ بمرجع الطلب: قد يطلبه المكان.'),
};

const FR: PaidWords = {
  subject: (p) => `Commande ${p.reference} confirmée : ${p.title}`,
  hello: (name) => `Bonjour ${isolate(name)},`,
  atEvent: (title, when) => `Votre paiement est confirmé. Rendez-vous à ${isolate(title)} le ${isolate(when)}.`,
  hasOrder: (title) => `Votre paiement est confirmé : ${isolate(title)} a bien reçu votre commande.`,
  pickup: (h) =>
    `À retirer à ${isolate(h.address)}${h.readyFrom ? `, prête à partir du ${isolate(h.readyFrom)}` : ''}. ${
      h.hours ? `Horaires de retrait : ${isolate(h.hours)}.` : 'Retrait aux heures d’ouverture.'
    }`,
  delivery: (h) => `Elle sera livrée à l’adresse suivante : ${isolate(h.address)}. Le commerce l’apportera dès qu’elle sera prête.`,
  reference: 'Référence de commande',
  deliveryFee: 'Livraison',
  discount: (code) => `Remise (${isolate(code)})`,
  total: 'Total',
  forFriends: 'Les billets achetés pour vos amis sont dans leurs comptes, chacun avec son propre code.',
  tickets: 'Ouvrir mes billets',
  order: 'Voir ma commande',
  note: (contents) =>
    contents === 'shop'
      ? 'Gardez la référence de commande : le commerce peut vous la demander.'
      : 'Gardez la référence de commande : le lieu peut vous la demander.',
};

export const orderPaidMail = defineMail<PaidParams>({
  en: (p) => paidBlocks(EN, p),
  ar: (p) => paidBlocks(AR, p),
  fr: (p) => paidBlocks(FR, p),
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
