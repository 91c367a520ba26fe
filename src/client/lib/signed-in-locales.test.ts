import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAllNamespaces } from './i18n';
import { signedInBundles } from './signed-in-locales';

const namespaces = (language: string) =>
  readdirSync(path.resolve(__dirname, '../locales', language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

describe('the signed-in pages’ translations, apart from the entry’s loaders', () => {
  it('hold the account, inbox, notification and workspace namespaces, and no public page’s', () => {
    const signedIn = Object.keys(signedInBundles).filter((file) => file.startsWith('../locales/en/'));
    expect(signedIn.length).toBeGreaterThan(5);
    for (const file of signedIn) expect(file).toMatch(/\/(admin|messages|notifications|people|profile|settings|workspace[\w-]*)\.json$/);
    for (const shared of ['common', 'firm', 'explore', 'event', 'blog', 'landing', 'search', 'auth'])
      expect(signedIn).not.toContain(`../locales/en/${shared}.json`);
  });

  it('together with the entry’s give every namespace of every language (what the server preloads)', async () => {
    for (const language of ['en', 'ar', 'fr']) {
      expect(Object.keys(await loadAllNamespaces(language)).sort()).toEqual(namespaces(language));
    }
  });
});
