import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, normalizeLanguage, type Language } from './i18n';

/**
 * The language of a request (a server-rendered page, a mail it causes): the cookie the client sets when the language changes, else
 * the best supported one of Accept-Language, else English.
 */
export function requestLanguage(request: { headers: { get(name: string): string | null } }): Language {
  const cookie = request.headers.get('cookie') ?? '';
  const fromCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  // A language is a plain code (en, ar, fr): nothing to decode, so nothing malformed can throw
  // here; a cookie that names no language we have is ignored.
  const chosen = fromCookie?.trim().toLowerCase().split(/[-_]/)[0];
  if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return normalizeLanguage(chosen);
  const accept = request.headers.get('accept-language') ?? '';
  const ranked = accept
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return DEFAULT_LANGUAGE;
}
