import type { Page } from '@playwright/test';
import { setStored } from '../../../src/client/lib/signed-storage';
import { PAGE_CACHE } from '../../../src/shared/page-cache';

/**
 * The raw localStorage value the app's signed-storage wrapper would write for `value`, made by
 * the app's own code so the envelope and signature always match what the client accepts.
 */
export function signedEnvelope(key: string, value: unknown): string {
  const items = new Map<string, string>();
  const fake = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  const global = globalThis as { localStorage?: unknown };
  const previous = global.localStorage;
  global.localStorage = fake;
  try {
    setStored(key, value);
  } finally {
    global.localStorage = previous;
  }
  return items.get(key)!;
}

/**
 * Stores a language the way the app's language picker does: the signed `app_lang` entry (read by
 * the client), the `app_lang` cookie (read by the server when it renders a public page), and the
 * service worker's kept pages forgotten (they are in the old language), before the next navigation.
 */
export async function storeLanguage(page: Page, language: string): Promise<void> {
  const raw = signedEnvelope('app_lang', language);
  await page.evaluate(
    async ([value, lang, pages]) => {
      localStorage.setItem('app_lang', value);
      document.cookie = `app_lang=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
      if (typeof caches !== 'undefined') await caches.delete(pages);
    },
    [raw, language, PAGE_CACHE] as const,
  );
}
