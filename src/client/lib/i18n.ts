import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageDirection, LANGUAGES, normalizeLanguage, type Language } from '../../shared/i18n';
import { loadDateLocale } from '../../shared/date-locales';
import { getStored, setStored, STORAGE_KEYS } from './signed-storage';
import { forgetServerRenderedPages } from './service-worker';

/**
 * Translations live in src/client/locales/{lang}/{namespace}.json. Each file is its own chunk,
 * loaded when a page first needs that namespace (the public pages' default language's are fetched by the
 * service worker after install). The signed-in pages' namespaces load through lib/signed-in-locales.ts (the same
 * patterns, negated here), so their loaders are not in every visitor's entry.
 */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/{admin,messages,notifications,people,profile,settings}.json',
  '!../locales/*/workspace*.json',
]);
type Bundles = typeof bundles;
let signedInBundles: Promise<Bundles> | undefined;
const loadSignedInBundles = () => (signedInBundles ??= import('./signed-in-locales').then((module) => module.signedInBundles));

/** Every namespace file of a language: the server preloads them all, so rendering never suspends. */
export async function loadAllNamespaces(language: string): Promise<Record<string, Record<string, unknown>>> {
  const prefix = `../locales/${language}/`;
  const entries = await Promise.all(
    Object.entries({ ...bundles, ...(await loadSignedInBundles()) })
      .filter(([file]) => file.startsWith(prefix))
      .map(async ([file, load]) => [file.slice(prefix.length, -'.json'.length), (await load()).default] as const),
  );
  return Object.fromEntries(entries);
}

/** The init options shared by the browser instance and the server's per-request instances. */
export function i18nOptions(language: Language, namespaces: readonly string[] = ['common']) {
  return {
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...new Set(['common', ...namespaces])],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  };
}

function rememberLanguageForServer(language: Language): void {
  if (typeof document === 'undefined') return;
  // The Cookie Store API where there is one (document.cookie blocks the page's main thread).
  const store = (globalThis as unknown as { cookieStore?: { set(options: Record<string, unknown>): Promise<void> } }).cookieStore;
  if (store) {
    void store
      .set({ name: LANGUAGE_COOKIE, value: language, path: '/', sameSite: 'lax', expires: Date.now() + 365 * 86_400_000 })
      .catch(() => {});
    return;
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const file = `../locales/${language}/${namespace}.json`;
    const found = bundles[file] ? Promise.resolve(bundles[file]) : loadSignedInBundles().then((signedIn) => signedIn[file]);
    found
      .then((load) => (load ? load() : Promise.resolve({ default: {} })))
      .then(
        (module) => callback(null, module.default),
        (error: Error) => callback(error, null),
      );
  },
};

/**
 * The language of a page the browser renders itself (the worker's shell offline, a signed-in
 * page): the user's choice on this device, else the one the server used (its cookie), else the
 * device's.
 */
export function initialLanguage(): Language {
  return (
    chosenLanguage() ?? cookieLanguage() ?? normalizeLanguage(typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : navigator.language)
  );
}

/** The language picked on this device (the picker's, the account settings'), if one was. */
export function chosenLanguage(): Language | undefined {
  const stored = getStored<string>(STORAGE_KEYS.language);
  return stored ? normalizeLanguage(stored) : undefined;
}

/** The language the server was told, if it was. */
function cookieLanguage(): Language | undefined {
  const cookie =
    typeof document === 'undefined' ? undefined : new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(document.cookie)?.[1];
  return cookie ? normalizeLanguage(decodeURIComponent(cookie)) : undefined;
}

/**
 * Only what changes is written: setting `lang` or `dir` on the root, even to the value it has (the server's, or the
 * inline script's), makes the browser re-check the direction and the style of the whole page, synchronously (up
 * to a few ms at 4x CPU on a firm page, in the task that starts the hydration).
 */
export function applyDocumentLanguage(language: string): void {
  const lang = normalizeLanguage(language);
  const root = document.documentElement;
  const dir = languageDirection(lang);
  if (root.lang !== lang) root.lang = lang;
  if (root.dir !== dir) root.dir = dir;
}

/**
 * `namespaces`: loaded before this resolves. A server-rendered page passes the namespaces the
 * server used (and its language), so hydration renders the same text without suspending.
 */
export async function initI18n(language: Language = initialLanguage(), namespaces: readonly string[] = ['common']) {
  // the language's month and day names too: dates are formatted synchronously while hydrating
  await Promise.all([
    i18next.use(lazyBackend).use(initReactI18next).init(i18nOptions(language, namespaces)),
    loadDateLocale(language).catch(() => undefined),
  ]);
  applyDocumentLanguage(language);
  // The server renders the next page in its cookie's language: the device's choice, put back when the cookie lost
  // it. Never the language this page came in: the page may be older than the choice (one the service worker kept,
  // or one whose start-up ended after the choice was made), and it would undo it.
  const chosen = chosenLanguage();
  if (chosen && chosen !== cookieLanguage()) rememberLanguageForServer(chosen);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next;
}

/**
 * Starts loading the translation namespaces a page needs together with its data (route loaders),
 * instead of one after another as nested components suspend on them. Browser only: the server has
 * them all.
 */
export function preloadNamespaces(namespaces: string[]): Promise<unknown> {
  if (typeof window === 'undefined') return Promise.resolve();
  return Promise.resolve()
    .then(() => i18next.loadNamespaces(namespaces))
    .catch(() => undefined);
}

export async function changeLanguage(language: string): Promise<void> {
  const lang = normalizeLanguage(language);
  setStored(STORAGE_KEYS.language, lang);
  rememberLanguageForServer(lang);
  void forgetServerRenderedPages();
  await loadDateLocale(lang).catch(() => undefined);
  await i18next.changeLanguage(lang);
}

export { i18next };
