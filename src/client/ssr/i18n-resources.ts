import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions, loadAllNamespaces } from '../lib/i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n';
import { boundedCache } from '../../shared/bounded-cache';

type Resources = Record<string, Record<string, Record<string, unknown>>>;
let resourcesPromise: Promise<Resources> | undefined;

/**
 * All translations of every language, loaded once per process (a few tens of kilobytes), so
 * rendering never suspends on a namespace.
 */
export function allResources(): Promise<Resources> {
  resourcesPromise ??= Promise.all(LANGUAGES.map(async (lang) => [lang, await loadAllNamespaces(lang)] as const)).then(async (entries) => {
    const resources = Object.fromEntries(entries) as Resources;
    // Code that calls the global i18next (outside React) gets English on the server.
    if (!i18next.isInitialized) {
      await i18next.use(initReactI18next).init({
        ...i18nOptions(DEFAULT_LANGUAGE, Object.keys(resources[DEFAULT_LANGUAGE] ?? {})),
        resources,
        initAsync: false,
      });
    }
    return resources;
  });
  return resourcesPromise;
}

const perLanguage = new Map<Language, I18n>();

/**
 * The i18next of one request, in its language, with every namespace ready. One instance per
 * language is initialised once per process (an instance's set-up — options, translator, formatter,
 * language utilities — cost every cold render its share); a request gets a view of it that only
 * owns its list of used namespaces (what the page tells the client to load before hydrating).
 * The view has no other own properties on purpose: react-i18next's useTranslation copies the
 * instance's own properties into a wrapper for every component that calls it.
 */
export function i18nFor(language: Language, resources: Resources): I18n {
  let shared = perLanguage.get(language);
  if (!shared) {
    shared = i18next.createInstance();
    void shared.init({ ...i18nOptions(language, Object.keys(resources[language] ?? {})), resources, initAsync: false });
    shared.getFixedT = rememberingFixedT(shared);
    perLanguage.set(language, shared);
  }
  const view = Object.create(shared) as I18n;
  const used = new Set<string>();
  view.reportNamespaces = {
    addUsedNamespaces: (namespaces) => {
      for (const namespace of typeof namespaces === 'string' ? [namespaces] : namespaces) used.add(namespace);
    },
    getUsedNamespaces: () => [...used],
  };
  return view;
}

/** Texts remembered per language instance at most, the oldest forgotten first (keys come from code, but a key may be built from data). */
const MAX_REMEMBERED = 5000;

/** A fixed `t` as this file handles it: any arguments, and the properties i18next sets on it. */
type FixedT = ((...args: unknown[]) => unknown) & {
  lng?: string;
  lngs?: readonly string[];
  ns?: string | readonly string[];
  keyPrefix?: string;
};

/**
 * The instance's `getFixedT` (what react-i18next's useTranslation gives components as `t`), whose
 * `t('key')` without options answers from a memo of the texts looked up so far. i18next's own copies
 * every instance option into a new object on each call and then resolves the key through the
 * namespace and fallback chain: about 8 % of a cold render (a profile of cold renders, a few hundred
 * `t()` calls per page). The resources never change in a server process, so a text once found is the
 * text. A call with one options object of plain values (`{ count: 3 }`, `{ name }`, a default value) is
 * remembered too, keyed by those values as well (another 5 % of a cold render: the product cards'
 * "Save …" / "Add to cart: …" labels): the same language, namespace, key and values always give the
 * same text, so a remembered text can only ever be served to a call that would have produced it. Other
 * calls (selector keys, options holding objects or functions, more arguments) go to i18next as before.
 */
export function rememberingFixedT(instance: I18n): I18n['getFixedT'] {
  const original = instance.getFixedT.bind(instance);
  const texts = boundedCache<string, string>(MAX_REMEMBERED);
  const withValues = boundedCache<string, string>(MAX_REMEMBERED);
  return ((...args: Parameters<I18n['getFixedT']>) => {
    const full = original(...args) as unknown as FixedT;
    const fixed = ((key: unknown, ...rest: unknown[]) => {
      const values = rest.length === 1 ? valuesKey(rest[0]) : undefined;
      if ((rest.length > 0 && values === undefined) || typeof key !== 'string' || typeof full.keyPrefix === 'function') {
        return full(key, ...rest);
      }
      const ns = full.ns;
      const memoKey = `${full.lng ?? full.lngs?.join(',') ?? ''}|${typeof ns === 'string' ? ns : (ns?.join(',') ?? '')}|${full.keyPrefix ?? ''}|${key}`;
      const memo = values === undefined ? texts : withValues;
      const fullKey = values === undefined ? memoKey : `${memoKey}|${values}`;
      let text = memo.get(fullKey);
      if (text === undefined) {
        const found = full(key, ...rest);
        if (typeof found !== 'string') return found;
        text = memo.set(fullKey, found);
      }
      return text;
    }) as FixedT;
    fixed.lng = full.lng;
    fixed.lngs = full.lngs;
    fixed.ns = full.ns;
    fixed.keyPrefix = full.keyPrefix;
    return fixed;
  }) as unknown as I18n['getFixedT'];
}

/**
 * A memo key for a `t()` options object whose own values are all strings, numbers, booleans, null or
 * undefined (each with its type, so `1` and `'1'`, or `undefined` and a missing value, stay apart; two
 * different objects never share a key);
 * `undefined` for anything else (arrays, nested objects, class instances), which is never remembered.
 */
function valuesKey(options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const prototype = Object.getPrototypeOf(options) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  let key = '';
  for (const name of Object.keys(options)) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (value !== null && type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'undefined') return undefined;
    // strings quoted (JSON) so that no value can pose as the end of one value and the start of another
    const text = type === 'string' ? JSON.stringify(value) : Object.is(value, -0) ? '-0' : String(value);
    key += `${JSON.stringify(name)}:${value === null ? 'null' : type}:${text},`;
  }
  return key;
}
