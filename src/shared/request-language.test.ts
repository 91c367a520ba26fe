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
});
