import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, languageDirection, LANGUAGES, normalizeLanguage, type Language } from '../../shared/i18n';
import { getStored, setStored, STORAGE_KEYS } from './signed-storage';

/**
 * Translations live in src/client/locales/{lang}/{namespace}.json. Each file is its own chunk,
 * loaded when a page first needs that namespace (and precached by the service worker).
 */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

export function initialLanguage(): Language {
  const stored = getStored<string>(STORAGE_KEYS.language);
  if (stored) return normalizeLanguage(stored);
  const fromDevice = typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : navigator.language;
  return normalizeLanguage(fromDevice);
}

export function applyDocumentLanguage(language: string): void {
  const lang = normalizeLanguage(language);
  document.documentElement.lang = lang;
  document.documentElement.dir = languageDirection(lang);
}

export async function initI18n(language: Language = initialLanguage()) {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  applyDocumentLanguage(language);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next;
}

export async function changeLanguage(language: string): Promise<void> {
  const lang = normalizeLanguage(language);
  setStored(STORAGE_KEYS.language, lang);
  await i18next.changeLanguage(lang);
}

export { i18next };
