// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language';

const request = (headers: Record<string, string>) => new Request('http://localhost/explore', { headers });

describe('requestLanguage', () => {
  it('takes the language cookie first, then the best supported Accept-Language, then English', () => {
    expect(requestLanguage(request({ cookie: 'a=1; app_lang=ar', 'accept-language': 'fr' }))).toBe('ar');
    expect(requestLanguage(request({ 'accept-language': 'de-DE, fr-CA;q=0.8, ar;q=0.9' }))).toBe('ar');
    expect(requestLanguage(request({ 'accept-language': 'fr-FR;q=0' }))).toBe('en');
    expect(requestLanguage(request({}))).toBe('en');
  });

  it('never throws on a malformed cookie: it is ignored (a stack per request used to disable server rendering)', () => {
    for (const value of ['%E0%A4%A', '%', '%ZZ', '\u00e9t\u00e9', 'ar%00', '']) {
      expect(requestLanguage(request({ cookie: `app_lang=${value}`, 'accept-language': 'fr' }))).toBe('fr');
    }
    expect(requestLanguage(request({ cookie: 'app_lang=%E0%A4%A' }))).toBe('en');
    expect(requestLanguage(request({ cookie: 'app_lang=AR' }))).toBe('ar');
  });
});
