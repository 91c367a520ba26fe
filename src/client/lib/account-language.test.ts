import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../shared/user';

const member: SessionUser = {
  id: 'u1',
  firstName: 'Amina',
  lastName: 'Haddad',
  flip: 'amina',
  imagePath: null,
  totalFriends: 0,
  statusCode: 1,
  regionPreference: 'EU',
  hourFormat: 12,
  language: 'en',
};

afterEach(() => vi.unstubAllGlobals());

describe('syncAccountLanguage', () => {
  it('tells the server the interface language of a signed-in member when it differs, once', async () => {
    vi.resetModules();
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ success: true }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { i18next } = await import('./i18n');
    await i18next.init({ lng: 'en', resources: {} });
    const { useSessionStore, markSignedIn } = await import('./session');
    const { syncAccountLanguage } = await import('./account-language');
    syncAccountLanguage();

    // signed out: nothing to tell
    await i18next.changeLanguage('fr');
    expect(calls).toEqual([]);

    // signing in with another language on the account
    markSignedIn(member);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/iam/profile/language', body: { language: 'fr' } });
    await vi.waitFor(() => expect(useSessionStore.getState().user?.language).toBe('fr'));

    // the same language again: nothing; a change in the picker: told
    markSignedIn({ ...useSessionStore.getState().user! });
    await i18next.changeLanguage('ar');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ language: 'ar' });
  });
});
