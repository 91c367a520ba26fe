import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { rememberingFixedT } from './i18n-resources';

function instance() {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'fr',
    fallbackLng: 'en',
    ns: ['common', 'firm'],
    defaultNS: 'common',
    initAsync: false,
    resources: {
      en: {
        common: { save: 'Save', only: 'English only' },
        firm: { title: 'Firm', menu: { heading: 'Menu' }, items_one: '{{count}} item', items_other: '{{count}} items' },
      },
      fr: {
        common: { save: 'Enregistrer' },
        firm: { title: 'Entreprise', menu: { heading: 'Carte' }, items_one: '{{count}} article', items_other: '{{count}} articles' },
      },
    },
  });
  return i18n;
}

describe('rememberingFixedT', () => {
  it('answers as i18next does, for plain keys, fallbacks, prefixes, namespaces and options', () => {
    const plain = instance();
    const fast = instance();
    fast.getFixedT = rememberingFixedT(fast);
    const cases: Array<[Parameters<typeof plain.getFixedT>, unknown[][]]> = [
      [
        ['fr', 'common'],
        [['save'], ['only'], ['missing.key'], ['firm:title']],
      ],
      [
        ['fr', 'firm', 'menu'],
        [['heading'], ['heading']],
      ],
      [
        ['fr', ['firm', 'common']],
        [['title'], ['items', { count: 1 }], ['items', { count: 3 }], ['nothing', { defaultValue: 'd' }]],
      ],
      [
        ['en', 'firm'],
        [['title'], ['items', { count: 2 }]],
      ],
    ];
    for (const [args, calls] of cases) {
      const a = plain.getFixedT(...args) as unknown as (...x: unknown[]) => unknown;
      const b = fast.getFixedT(...args) as unknown as (...x: unknown[]) => unknown;
      // twice: the second answer comes from the memo
      for (let round = 0; round < 2; round++) for (const call of calls) expect(b(...call)).toEqual(a(...call));
    }
    expect((fast.getFixedT('fr', 'firm', 'menu') as unknown as { keyPrefix: string }).keyPrefix).toBe('menu');
  });

  it('keeps the same key of two namespaces or two languages apart', () => {
    const fast = instance();
    fast.getFixedT = rememberingFixedT(fast);
    expect(fast.getFixedT('fr', 'firm')('title')).toBe('Entreprise');
    expect(fast.getFixedT('en', 'firm')('title')).toBe('Firm');
    expect(fast.getFixedT('fr', 'common')('title')).toBe('title');
  });
});
