import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions, loadAllNamespaces } from '../lib/i18n';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n';

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

/** An i18next instance of one request, in its language, with every namespace ready. */
export function i18nFor(language: Language, resources: Resources): I18n {
  const instance = i18next.createInstance();
  const namespaces = Object.keys(resources[language] ?? {});
  void instance.init({ ...i18nOptions(language, namespaces), resources, initAsync: false });
  return instance;
}
