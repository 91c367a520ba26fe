import { describe, expect, it } from 'vitest';
import { createTestI18n, serverAndBrowserRender } from '../../../components/test-utils';
import enSaved from '../../../locales/en/saved.json';
import arSaved from '../../../locales/ar/saved.json';
import { SavedToggle } from './saved-toggle';

describe('SavedToggle on the server', () => {
  it('renders what the browser hydrates, without making a query (signed out: not saved)', async () => {
    for (const [language, saved] of [
      ['en', enSaved],
      ['ar', arSaved],
    ] as const) {
      const i18n = await createTestI18n(language, { [language]: { saved } });
      for (const compact of [true, false]) {
        const { server, browser } = serverAndBrowserRender(
          <SavedToggle entityId="p1" entityTypeCode={50} name="Café <Lumière>" compact={compact} />,
          i18n,
        );
        expect(server.markup).toBe(browser.markup);
        expect(server.markup).toContain('data-early-tap="save:p1"');
        expect(server.markup).toContain('aria-pressed="false"');
        expect(server.markup).toContain(language === 'en' ? 'aria-label="Save Café &lt;Lumière&gt;"' : 'Café &lt;Lumière&gt;');
        // the browser's toggle observes its saved state; the server's makes nothing per card
        expect(browser.queries).toBe(1);
        expect(server.queries).toBe(0);
      }
    }
  });
});
