import { describe, expect, it } from 'vitest';
import { createTestI18n, serverAndBrowserRender } from '../../../components/test-utils';
import enFirm from '../../../locales/en/firm.json';
import arFirm from '../../../locales/ar/firm.json';
import { AddToCartButton } from './add-to-cart-button';

describe('AddToCartButton on the server', () => {
  it('renders what the browser hydrates, without making a query (signed out: nothing in the cart)', async () => {
    for (const [language, firm] of [
      ['en', enFirm],
      ['ar', arFirm],
    ] as const) {
      const i18n = await createTestI18n(language, { [language]: { firm } });
      for (const props of [{}, { variant: { id: 'v1', name: 'Large' } }, { soldOut: 'Sold out' }]) {
        const { server, browser } = serverAndBrowserRender(<AddToCartButton itemType="product" itemId="p1" name="Tea" {...props} />, i18n);
        expect(server.markup).toBe(browser.markup);
        if (language === 'en' && !('soldOut' in props)) expect(server.markup).toMatch(/aria-label="Add to cart: Tea( \(Large\))?"/);
        expect(browser.queries).toBe(1);
        expect(server.queries).toBe(0);
      }
    }
  });
});
