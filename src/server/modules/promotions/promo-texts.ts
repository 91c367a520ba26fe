import type { Language } from '../../../shared/i18n';
import type { PromoProblem } from '../../../shared/promotions';
import { HttpError } from '../../lib/errors';

/**
 * A refused code's problem detail, in the buyer's language: a buyer reads it where the code was
 * typed, and it says what to do (another code, more in the order, or none).
 */
const TEXTS: Record<PromoProblem, Record<Language, string>> = {
  promo_unknown: {
    en: 'This code does not exist at this business. Check its spelling.',
    fr: "Ce code n'existe pas chez ce commerce. Vérifiez son orthographe.",
    ar: 'هذا الرمز غير موجود لدى هذا النشاط. تحقّق من كتابته.',
  },
  promo_not_started: {
    en: 'This code cannot be used yet: its offer has not begun.',
    fr: "Ce code n'est pas encore valable : son offre n'a pas commencé.",
    ar: 'لا يمكن استخدام هذا الرمز بعد: لم يبدأ عرضه.',
  },
  promo_expired: {
    en: 'This code has expired or was withdrawn.',
    fr: 'Ce code a expiré ou a été retiré.',
    ar: 'انتهت صلاحية هذا الرمز أو تم سحبه.',
  },
  promo_exhausted: {
    en: 'This code has been used as many times as it allows.',
    fr: 'Ce code a été utilisé autant de fois que permis.',
    ar: 'استُخدم هذا الرمز العدد الأقصى المسموح به من المرات.',
  },
  promo_used: {
    en: 'You have used this code already: it is one use per customer.',
    fr: 'Vous avez déjà utilisé ce code : une seule utilisation par client.',
    ar: 'لقد استخدمت هذا الرمز من قبل: استخدام واحد لكل عميل.',
  },
  promo_once_per_customer: {
    en: 'This code is one use per customer: the customer uses it online, where they are known.',
    fr: 'Ce code est à usage unique par client : le client l’utilise en ligne, où il est reconnu.',
    ar: 'هذا الرمز لاستخدام واحد لكل عميل: يستخدمه العميل عبر الإنترنت حيث يُعرف.',
  },
  promo_followers_only: {
    en: 'This code is an offer for the followers of this business. Follow it to use it (if it approves its followers, once it has accepted you).',
    fr: 'Ce code est une offre réservée aux abonnés de ce commerce. Suivez-le pour l’utiliser (s’il accepte ses abonnés, une fois accepté).',
    ar: 'هذا الرمز عرض لمتابعي هذا النشاط. تابِعه لتستخدمه (وإن كان يوافق على متابعيه، فبعد قبولك).',
  },
  promo_not_applicable: {
    en: 'This code does not apply to anything in this order.',
    fr: "Ce code ne s'applique à rien dans cette commande.",
    ar: 'لا ينطبق هذا الرمز على أي شيء في هذا الطلب.',
  },
  promo_below_minimum: {
    en: 'This code needs an order of at least {amount}.',
    fr: 'Ce code demande une commande d’au moins {amount}.',
    ar: 'يتطلب هذا الرمز طلبًا لا يقل عن {amount}.',
  },
};

const STATUS: Record<PromoProblem, number> = {
  promo_unknown: 422,
  promo_not_started: 422,
  promo_expired: 422,
  promo_exhausted: 409,
  promo_used: 409,
  promo_once_per_customer: 422,
  promo_followers_only: 403,
  promo_not_applicable: 422,
  promo_below_minimum: 422,
};

/** The refusal `code` as problem details, its detail in `language`, pointing at the code field. */
export function promoRefused(code: PromoProblem, language: Language, amount = ''): HttpError {
  const detail = TEXTS[code][language].replace('{amount}', amount);
  return new HttpError(STATUS[code], detail, code, { promoCode: [detail] });
}
