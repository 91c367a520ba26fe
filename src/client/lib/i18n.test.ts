import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { setStored, STORAGE_KEYS } from './signed-storage';

const languageCookie = () => /(?:^|;\s*)app_lang=([^;]*)/.exec(document.cookie)?.[1];

afterEach(() => {
  localStorage.clear();
  document.cookie = 'app_lang=; Path=/; Max-Age=0';
});

describe('start-up and the language cookie', () => {
  it('leaves the cookie on the language chosen on this device, not the one the page came in', async () => {
    setStored(STORAGE_KEYS.language, 'ar');
    document.cookie = 'app_lang=ar; Path=/';
    await initI18n('en');
    expect(languageCookie()).toBe('ar');
  });

  it('puts the choice back when the cookie lost it', async () => {
    setStored(STORAGE_KEYS.language, 'fr');
    await initI18n('en');
    expect(languageCookie()).toBe('fr');
  });

  it('writes nothing when nothing was chosen: the server goes by the browser’s languages', async () => {
    await initI18n('fr');
    expect(languageCookie()).toBeUndefined();
  });
});
