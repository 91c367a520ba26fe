import { beforeEach, describe, expect, it } from 'vitest';
import { goFor, safeGo } from './guards';
import { googleAuthorizationUrl, readGoogleCallback } from './google';
import { detectSessionInfo } from './session-info';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: unknown) => `${b64({ alg: 'RS256' })}.${b64(payload)}.sig`;

describe('go= return paths', () => {
  it('goes back to a path of this app, defaulting to /profile', () => {
    expect(safeGo(undefined)).toBe('/profile');
    expect(safeGo('profile/sessions')).toBe('/profile/sessions');
    expect(safeGo('event/ab12cd34?tab=tickets')).toBe('/event/ab12cd34?tab=tickets');
    expect(goFor({ pathname: '/workspace/menu', searchStr: '?x=1' })).toBe('workspace/menu?x=1');
  });

  it('never leaves the site or loops back to the auth pages', () => {
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '\\\\evil',
      'login',
      'signup?go=x',
    ]) {
      expect(safeGo(hostile), hostile).toBe('/profile');
    }
  });
});

describe('Google callback', () => {
  beforeEach(() => sessionStorage.clear());

  it('builds the authorization request with the nonce and remembers it', () => {
    const url = new URL(
      googleAuthorizationUrl(
        { enabled: true, clientId: 'client-1', authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth', nonce: 'n-123' },
        'https://souk.example',
        'profile',
      ),
    );
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('redirect_uri')).toBe('https://souk.example/google/callback');
    expect(url.searchParams.get('nonce')).toBe('n-123');
    const state = url.searchParams.get('state')!;
    const result = readGoogleCallback(`#id_token=${token({ nonce: 'n-123' })}&state=${state}`);
    expect(result).toMatchObject({ ok: true, go: 'profile' });
  });

  it('refuses a missing token, a wrong state or a wrong nonce', () => {
    const begin = () =>
      new URL(
        googleAuthorizationUrl(
          { enabled: true, clientId: 'c', authorizationEndpoint: 'https://g.test/auth', nonce: 'good' },
          'https://s.test',
        ),
      ).searchParams.get('state')!;
    let state = begin();
    expect(readGoogleCallback(`#state=${state}`).ok).toBe(false);
    state = begin();
    expect(readGoogleCallback(`#id_token=${token({ nonce: 'good' })}&state=other`).ok).toBe(false);
    state = begin();
    expect(readGoogleCallback(`#id_token=${token({ nonce: 'evil' })}&state=${state}`)).toMatchObject({
      ok: false,
      reason: 'Invalid nonce.',
    });
    // used once: the stored nonce is gone
    expect(readGoogleCallback(`#id_token=${token({ nonce: 'good' })}&state=${state}`).ok).toBe(false);
  });
});

describe('session info', () => {
  it('reads device type, OS, version and browser from the user agent', () => {
    expect(
      detectSessionInfo(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ deviceType: 'mobile', deviceOs: 'iOS', osVersion: '17.4', browser: 'Safari 17' });
    expect(
      detectSessionInfo(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
      ),
    ).toMatchObject({ deviceType: 'desktop', deviceOs: 'Windows', osVersion: '10.0', browser: 'Edge 142' });
    expect(
      detectSessionInfo('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/142.0 Mobile Safari/537.36'),
    ).toMatchObject({
      deviceType: 'mobile',
      deviceOs: 'Android',
      osVersion: '14',
      browser: 'Chrome 142',
    });
  });
});
