import { describe, expect, it } from 'vitest';
import { createTestI18n, serverAndBrowserRender } from '../../../components/test-utils';
import enFirm from '../../../locales/en/firm.json';
import arFirm from '../../../locales/ar/firm.json';
import { FollowButton } from './follow-button';

describe('FollowButton on the server', () => {
  it('renders what the browser hydrates, without making a query (signed out: Follow and the count given)', async () => {
    for (const [language, firm] of [
      ['en', enFirm],
      ['ar', arFirm],
    ] as const) {
      const i18n = await createTestI18n(language, { [language]: { firm } });
      for (const followers of [0, 1, 12]) {
        const { server, browser } = serverAndBrowserRender(<FollowButton firmId="f1" initialFollowers={followers} />, i18n);
        expect(server.markup).toBe(browser.markup);
        expect(server.markup).toContain('data-early-tap="follow:f1"');
        if (language === 'en') expect(server.markup).toContain(`>Follow<`);
        expect(browser.queries).toBe(1);
        expect(server.queries).toBe(0);
      }
    }
  });
});
