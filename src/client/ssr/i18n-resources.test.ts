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
        firm: {
          title: 'Firm',
          menu: { heading: 'Menu' },
          items_one: '{{count}} item',
          items_other: '{{count}} items',
          save: 'Save {{name}}',
          pair: '{{a}}/{{b}}',
        },
      },
      fr: {
        common: { save: 'Enregistrer' },
        firm: {
          title: 'Entreprise',
          menu: { heading: 'Carte' },
          items_one: '{{count}} article',
          items_other: '{{count}} articles',
          save: 'Enregistrer {{name}}',
          pair: '{{a}}/{{b}}',
        },
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

  it('remembers calls with plain values by those values: each call still gets its own text', () => {
    const plain = instance();
    const fast = instance();
    fast.getFixedT = rememberingFixedT(fast);
    const a = plain.getFixedT('fr', 'firm') as unknown as (...x: unknown[]) => unknown;
    const b = fast.getFixedT('fr', 'firm') as unknown as (...x: unknown[]) => unknown;
    const calls: unknown[][] = [
      ['save', { name: 'Ada' }],
      ['save', { name: 'Bob' }],
      ['save', { name: 1 }],
      ['save', { name: '1' }],
      ['save', { name: undefined }],
      ['save', {}],
      ['save', { name: null }],
      ['save', { name: true }],
      ['save', { name: 'Ada', context: 'x' }],
      ['save', { name: 'Ada', lng: 'en' }],
      ['items', { count: 1 }],
      ['items', { count: 0 }],
      ['items', { count: -0 }],
      ['items', { count: Number.NaN }],
      // a value that looks like the end of one value and the start of another
      ['pair', { a: 'x",string:"b":string:"y', b: 'z' }],
      ['pair', { a: 'x', b: 'y' }],
      ['pair', { b: 'y', a: 'x' }],
      // not plain values: straight to i18next
      ['save', { name: ['A', 'B'] }],
      ['save', { name: new Date(0) }],
      ['save', 'default'],
    ];
    for (let round = 0; round < 2; round++) for (const call of calls) expect(b(...call)).toEqual(a(...call));
    expect(b('save', { name: 'Ada' })).toBe('Enregistrer Ada');
    expect(fast.getFixedT('en', 'firm')('save', { name: 'Ada' })).toBe('Save Ada');
  });

  it('answers a remembered call from the memo, and the same key with other values from i18next', () => {
    const fast = instance();
    fast.getFixedT = rememberingFixedT(fast);
    const t = fast.getFixedT('fr', 'firm');
    expect(t('save', { name: 'Ada' })).toBe('Enregistrer Ada');
    fast.addResource('fr', 'firm', 'save', 'Garder {{name}}');
    expect(t('save', { name: 'Ada' })).toBe('Enregistrer Ada');
    expect(t('save', { name: 'Bob' })).toBe('Garder Bob');
  });
});
