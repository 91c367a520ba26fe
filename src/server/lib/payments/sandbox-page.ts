import { formatMoney } from '../../../shared/dates';
import { contentSecurityPolicy, inlineScriptHashes } from '../security';
import { SANDBOX_CARDS, type SandboxPayment } from './sandbox';

/**
 * The sandbox's hosted payment step: a plain server page, like a PSP's checkout page in test mode, in the payer's
 * language (right-to-left in Arabic), light or dark as the device is. Its forms post back to the same URL
 * (modules/payments/payments.routes.ts) and work without script. With script (STEP_SCRIPT) the step stays one entry
 * of the tab's history and leaves it for the merchant's page by replacing itself, as hosted checkouts do: otherwise
 * the first Back after paying lands on the settled step, which only forwards to the order again.
 */
type Lang = 'en' | 'ar' | 'fr';

const TEXT = {
  en: {
    title: 'Payment',
    testMode: 'Test mode',
    pay: 'Pay {amount}',
    reference: 'Reference {reference}',
    card: 'Card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    or: 'or',
    wallet: 'Mobile wallet',
    phone: 'Phone number with country code',
    payWallet: 'Send a payment request',
    cancel: 'Cancel and return',
    secure: 'Payments are processed by the sandbox provider. Nothing is charged in test mode.',
    testCards: 'Test numbers',
    testSuccess: 'succeeds',
    testDecline: 'is declined',
    testFunds: 'is declined (insufficient funds)',
    testAction: 'asks for a confirmation step',
    testWallet: 'Wallet: a number ending in 0000 gets an approval request; ending in 1111 is declined.',
    testAny: 'Any future expiry date and any 3-digit code.',
    actionTitle: 'Confirm this payment',
    actionCard: 'Your bank asks you to confirm the payment of {amount} with the card ending in {detail}.',
    actionWallet: 'A payment request of {amount} was sent to {detail}. Approve it in your wallet app.',
    actionTest: 'Test mode: choose what the bank or the phone answers.',
    confirmCard: 'Complete the confirmation',
    rejectCard: 'Fail the confirmation',
    confirmWallet: 'Approve on the phone',
    rejectWallet: 'Decline on the phone',
    errors: {
      card_declined: 'Your card was declined. Try another card or a mobile wallet.',
      insufficient_funds: 'Your card has insufficient funds. Try another card.',
      authentication_failed: 'The payment was not confirmed by your bank. Try again or use another card.',
      invalid_number: 'Your card number is not valid.',
      invalid_expiry: 'Enter the expiry date as MM/YY.',
      expired_card: 'Your card has expired.',
      invalid_cvc: 'Enter the 3 or 4 digits of the security code.',
      live_card: 'Your card was declined: this is test mode, use one of the test numbers.',
      invalid_phone: 'Enter a phone number with its country code, e.g. +212 600 000 000.',
      wallet_declined: 'Your wallet declined the payment (insufficient balance).',
      wallet_unknown: 'No wallet is registered for this number in test mode.',
      wallet_rejected: 'The payment request was declined on the phone.',
    } as Record<string, string>,
  },
  fr: {
    title: 'Paiement',
    testMode: 'Mode test',
    pay: 'Payer {amount}',
    reference: 'Référence {reference}',
    card: 'Carte',
    cardNumber: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'Cryptogramme',
    or: 'ou',
    wallet: 'Portefeuille mobile',
    phone: 'Numéro de téléphone avec indicatif',
    payWallet: 'Envoyer une demande de paiement',
    cancel: 'Annuler et revenir',
    secure: 'Paiement traité par le prestataire de test. Rien n’est débité en mode test.',
    testCards: 'Numéros de test',
    testSuccess: 'réussit',
    testDecline: 'est refusée',
    testFunds: 'est refusée (fonds insuffisants)',
    testAction: 'demande une étape de confirmation',
    testWallet: 'Portefeuille : un numéro finissant par 0000 reçoit une demande d’approbation ; par 1111, il est refusé.',
    testAny: 'N’importe quelle date d’expiration future et n’importe quel code à 3 chiffres.',
    actionTitle: 'Confirmez ce paiement',
    actionCard: 'Votre banque vous demande de confirmer le paiement de {amount} avec la carte se terminant par {detail}.',
    actionWallet: 'Une demande de paiement de {amount} a été envoyée au {detail}. Approuvez-la dans votre application.',
    actionTest: 'Mode test : choisissez la réponse de la banque ou du téléphone.',
    confirmCard: 'Valider la confirmation',
    rejectCard: 'Faire échouer la confirmation',
    confirmWallet: 'Approuver sur le téléphone',
    rejectWallet: 'Refuser sur le téléphone',
    errors: {
      card_declined: 'Votre carte a été refusée. Essayez une autre carte ou un portefeuille mobile.',
      insufficient_funds: 'Fonds insuffisants sur votre carte. Essayez une autre carte.',
      authentication_failed: 'Votre banque n’a pas confirmé le paiement. Réessayez ou utilisez une autre carte.',
      invalid_number: 'Le numéro de carte n’est pas valide.',
      invalid_expiry: 'Saisissez la date d’expiration au format MM/AA.',
      expired_card: 'Votre carte a expiré.',
      invalid_cvc: 'Saisissez les 3 ou 4 chiffres du cryptogramme.',
      live_card: 'Carte refusée : ceci est le mode test, utilisez un numéro de test.',
      invalid_phone: 'Saisissez un numéro avec son indicatif, par ex. +212 600 000 000.',
      wallet_declined: 'Votre portefeuille a refusé le paiement (solde insuffisant).',
      wallet_unknown: 'Aucun portefeuille n’existe pour ce numéro en mode test.',
      wallet_rejected: 'La demande de paiement a été refusée sur le téléphone.',
    } as Record<string, string>,
  },
  ar: {
    title: 'الدفع',
    testMode: 'وضع الاختبار',
    pay: 'ادفع {amount}',
    reference: 'المرجع {reference}',
    card: 'بطاقة',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvc: 'رمز الأمان',
    or: 'أو',
    wallet: 'محفظة الهاتف',
    phone: 'رقم الهاتف مع رمز الدولة',
    payWallet: 'أرسل طلب الدفع',
    cancel: 'إلغاء والعودة',
    secure: 'تتم معالجة الدفع لدى مزود الاختبار. لا يُخصم أي مبلغ في وضع الاختبار.',
    testCards: 'أرقام الاختبار',
    testSuccess: 'تنجح',
    testDecline: 'تُرفض',
    testFunds: 'تُرفض (رصيد غير كافٍ)',
    testAction: 'تطلب خطوة تأكيد',
    testWallet: 'المحفظة: الرقم المنتهي بـ 0000 يتلقى طلب موافقة، والمنتهي بـ 1111 يُرفض.',
    testAny: 'أي تاريخ انتهاء مستقبلي وأي رمز من 3 أرقام.',
    actionTitle: 'أكّد هذا الدفع',
    actionCard: 'يطلب منك مصرفك تأكيد دفع {amount} بالبطاقة المنتهية بـ {detail}.',
    actionWallet: 'أُرسل طلب دفع بقيمة {amount} إلى {detail}. وافق عليه في تطبيق محفظتك.',
    actionTest: 'وضع الاختبار: اختر ردّ المصرف أو الهاتف.',
    confirmCard: 'أكمل التأكيد',
    rejectCard: 'أفشل التأكيد',
    confirmWallet: 'وافق على الهاتف',
    rejectWallet: 'ارفض على الهاتف',
    errors: {
      card_declined: 'رُفضت بطاقتك. جرّب بطاقة أخرى أو محفظة الهاتف.',
      insufficient_funds: 'رصيد بطاقتك غير كافٍ. جرّب بطاقة أخرى.',
      authentication_failed: 'لم يؤكد مصرفك الدفع. حاول مجددًا أو استخدم بطاقة أخرى.',
      invalid_number: 'رقم البطاقة غير صالح.',
      invalid_expiry: 'أدخل تاريخ الانتهاء بصيغة MM/YY.',
      expired_card: 'انتهت صلاحية بطاقتك.',
      invalid_cvc: 'أدخل الأرقام الثلاثة أو الأربعة لرمز الأمان.',
      live_card: 'رُفضت بطاقتك: هذا وضع الاختبار، استخدم أحد أرقام الاختبار.',
      invalid_phone: 'أدخل رقم هاتف مع رمز الدولة، مثل ‎+212 600 000 000.',
      wallet_declined: 'رفضت محفظتك الدفع (رصيد غير كافٍ).',
      wallet_unknown: 'لا توجد محفظة لهذا الرقم في وضع الاختبار.',
      wallet_rejected: 'رُفض طلب الدفع على الهاتف.',
    } as Record<string, string>,
  },
} as const;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** Groups of four, as printed on a card. */
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function languageOf(value: string | null | undefined): Lang {
  return value === 'ar' || value === 'fr' ? value : 'en';
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f1ec;--card:#fff;--text:#1d1b18;--muted:#5f5a52;--line:#d9d3c9;--accent:#0f6b5c;--accent-text:#fff;--error-bg:#fdecea;--error:#8a1c12;--badge:#fff3cd;--badge-text:#6b4e00}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--card:#1e1e1e;--text:#f1eee9;--muted:#b3ada3;--line:#3a3733;--accent:#43b59f;--accent-text:#08120f;--error-bg:#3b1613;--error:#ffb4a9;--badge:#3d3200;--badge-text:#ffe08a}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",sans-serif}
main{max-width:440px;margin:0 auto;padding:20px 16px 40px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-block-end:16px}
.brand{font-weight:700;font-size:18px}
.badge{background:var(--badge);color:var(--badge-text);border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600}
.card{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:18px;margin-block-end:14px}
.amount{font-size:30px;font-weight:700;margin:4px 0 2px}
.muted{color:var(--muted);font-size:14px;margin:0}
h1{font-size:20px;margin:0 0 12px}
h2{font-size:16px;margin:0 0 12px}
label{display:block;font-size:14px;font-weight:600;margin-block-end:4px}
input{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid var(--line);border-radius:10px;background:var(--bg);color:var(--text);margin-block-end:12px}
input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{display:block;width:100%;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:1px solid transparent;cursor:pointer}
.primary{background:var(--accent);color:var(--accent-text)}
.secondary{background:transparent;color:var(--text);border-color:var(--line)}
.stack{display:grid;gap:10px}
.or{display:flex;align-items:center;gap:10px;color:var(--muted);font-size:14px;margin:0 0 14px}
.or::before,.or::after{content:"";flex:1;border-top:1px solid var(--line)}
.error{background:var(--error-bg);color:var(--error);border-radius:10px;padding:10px 12px;margin-block-end:14px;font-weight:600}
details{font-size:14px;color:var(--muted)}summary{cursor:pointer;font-weight:600}
details ul{padding-inline-start:18px;margin:8px 0}
code{font-family:ui-monospace,monospace;color:var(--text)}
[dir=ltr]{text-align:start}
`;

/**
 * Sends a step's form in the background: a settled payment answers with the merchant's URL (JSON, see the route),
 * which replaces this step in the history; the next step (or what went wrong) replaces the page's content in place.
 * Anything unexpected falls back to the form's own submission.
 */
const STEP_SCRIPT = `document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.dataset.native) return;
  event.preventDefault();
  form.querySelectorAll('button').forEach((button) => { button.disabled = true; });
  try {
    // not form.action: the step's hidden field named "action" shadows it
    const response = await fetch(form.getAttribute('action'), { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(String(response.status));
    if ((response.headers.get('Content-Type') || '').startsWith('application/json')) {
      location.replace((await response.json()).redirect);
      return;
    }
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    document.title = next.title;
    document.querySelector('main').replaceWith(next.querySelector('main'));
    const focus = document.querySelector('[role=alert], h1');
    if (focus) { focus.tabIndex = -1; focus.focus(); }
  } catch {
    form.dataset.native = '1';
    form.submit();
  }
});`;

/** The step's Content-Security-Policy: the app's, with the step's one inline script by its hash. */
export const SANDBOX_PAGE_CSP = contentSecurityPolicy(inlineScriptHashes(`<script>${STEP_SCRIPT}</script>`));

function shell(lang: Lang, title: string, body: string) {
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main><script>${STEP_SCRIPT}</script></body></html>`;
}

/** The payment step for an open payment (with the last error, if any), or its confirmation step. */
export function renderSandboxPage(payment: SandboxPayment, error: string | null, action: string): string {
  const lang = languageOf(payment.language);
  const t = TEXT[lang];
  const amount = formatMoney(payment.amount_minor, payment.currency, lang);
  const summary = `<section class="card" aria-label="${escape(t.title)}"><p class="muted">${escape(payment.description)}</p><p class="amount" dir="ltr" data-testid="sandbox-amount">${escape(amount)}</p><p class="muted">${escape(fill(t.reference, { reference: payment.reference }))}</p></section>`;
  const top = `<div class="top"><span class="brand">Souk Pay</span><span class="badge">${escape(t.testMode)}</span></div>`;
  const errorBox = error
    ? `<p class="error" role="alert" data-testid="sandbox-error">${escape(t.errors[error] ?? t.errors.card_declined)}</p>`
    : '';
  const post = (fields: string, button: string, className: string) =>
    `<form method="post" action="${escape(action)}">${fields}<button type="submit" class="${className}">${escape(button)}</button></form>`;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;

  if (payment.status === 'requires_action') {
    const wallet = payment.method === 'wallet';
    const detail = payment.method_detail ?? '';
    const body = `${top}${summary}<section class="card"><h1>${escape(t.actionTitle)}</h1><p>${escape(fill(wallet ? t.actionWallet : t.actionCard, { amount, detail }))}</p><p class="muted">${escape(t.actionTest)}</p><div class="stack">${post(hidden('action', 'confirm'), wallet ? t.confirmWallet : t.confirmCard, 'primary')}${post(hidden('action', 'reject'), wallet ? t.rejectWallet : t.rejectCard, 'secondary')}</div></section>`;
    return shell(lang, t.actionTitle, body);
  }

  const cardForm = `<form method="post" action="${escape(action)}">${hidden('action', 'card')}<label for="number">${escape(t.cardNumber)}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" dir="ltr" placeholder="1234 1234 1234 1234" required maxlength="23"><div class="row"><div><label for="expiry">${escape(t.expiry)}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" dir="ltr" placeholder="MM/YY" required maxlength="7"></div><div><label for="cvc">${escape(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" dir="ltr" placeholder="CVC" required maxlength="4"></div></div><button type="submit" class="primary">${escape(fill(t.pay, { amount }))}</button></form>`;
  const walletForm = `<form method="post" action="${escape(action)}">${hidden('action', 'wallet')}<label for="phone">${escape(t.phone)}</label><input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" dir="ltr" placeholder="+212 600 000 000" required maxlength="20"><button type="submit" class="secondary">${escape(t.payWallet)}</button></form>`;
  const tests = `<details><summary>${escape(t.testCards)}</summary><ul><li><code dir="ltr">${spaced(SANDBOX_CARDS.success)}</code> ${escape(t.testSuccess)}</li><li><code dir="ltr">${spaced(SANDBOX_CARDS.declined)}</code> ${escape(t.testDecline)}</li><li><code dir="ltr">${spaced(SANDBOX_CARDS.insufficientFunds)}</code> ${escape(t.testFunds)}</li><li><code dir="ltr">${spaced(SANDBOX_CARDS.requiresAction)}</code> ${escape(t.testAction)}</li></ul><p>${escape(t.testAny)}</p><p>${escape(t.testWallet)}</p></details>`;
  const body = `${top}${summary}${errorBox}<section class="card"><h2>${escape(t.card)}</h2>${cardForm}</section><p class="or">${escape(t.or)}</p><section class="card"><h2>${escape(t.wallet)}</h2>${walletForm}</section>${post(hidden('action', 'cancel'), t.cancel, 'secondary')}<p class="muted" style="margin-block:14px">${escape(t.secure)}</p>${tests}`;
  return shell(lang, t.title, body);
}
