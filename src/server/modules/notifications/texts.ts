import { normalizeLanguage, type Language } from '../../../shared/i18n';
import { isolate } from '../../../shared/bidi';
import { defineMail, type MailContent } from '../../lib/mail';
import { NOTIFICATION_KINDS, notificationTextKey, type NotificationKind } from '../../../shared/notifications';
import en from './texts/en.json';
import ar from './texts/ar.json';
import fr from './texts/fr.json';

/**
 * The texts of each notification kind in en, ar and fr, rendered on the server: the inbox answers
 * in the reader's language, email and push in the recipient's. `{{param}}` takes the kind's param.
 */
interface Texts {
  [text: string]: { title: string; body: string } | { open: string; why: string };
  email: { open: string; why: string };
}
const TEXTS: Record<Language, Texts> = { en, ar, fr };

/** `{{param}}` → the param; in Arabic each value keeps its own direction (a Latin name, a number). */
function fill(template: string, params: Record<string, unknown>, language: Language): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') return '';
    return language === 'ar' ? isolate(String(value)) : String(value);
  });
}

export function renderNotification(language: string, kind: string, params: Record<string, unknown>): { title: string; body: string } {
  const definition = NOTIFICATION_KINDS[kind as NotificationKind];
  const lang = normalizeLanguage(language);
  const texts = TEXTS[lang];
  const text = definition ? notificationTextKey(kind as NotificationKind, params) : '';
  const entry = (definition ? (texts[text] ?? TEXTS.en[text]) : undefined) as { title: string; body: string } | undefined;
  if (!entry?.title) return { title: kind, body: '' };
  return { title: fill(entry.title, params, lang), body: fill(entry.body, params, lang) };
}

interface NotificationMailParams {
  kind: string;
  params: Record<string, unknown>;
  /** absolute URLs */
  url: string;
  settingsUrl: string;
}

function mailIn(language: Language) {
  return ({ kind, params, url, settingsUrl }: NotificationMailParams): MailContent => {
    const { title, body } = renderNotification(language, kind, params);
    const { open, why } = TEXTS[language].email;
    return { subject: title, blocks: [body, { button: { label: open, url } }, { note: `${why} ${settingsUrl}` }] };
  };
}

/** A notification by email (src/server/lib/mail.ts): its title, its text, a button to its subject. */
export const notificationMail = defineMail<NotificationMailParams>({ en: mailIn('en'), ar: mailIn('ar'), fr: mailIn('fr') });
