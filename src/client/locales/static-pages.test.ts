import { describe, expect, it } from 'vitest';
import { resources } from '../components/test-utils';

/** The shape of a translation tree: keys, list lengths, and the values that must not be translated. */
function shape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => shape(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, k)]));
  }
  // Anchors, dates, icons, prices and flags are data, identical in every language.
  if (['id', 'date', 'icon', 'price', 'value'].includes(key) || typeof value === 'boolean') return value;
  return typeof value;
}

describe('static page translations', () => {
  for (const namespace of ['pages', 'landing', 'legal'] as const) {
    for (const language of ['ar', 'fr'] as const) {
      it(`${language}/${namespace}.json has exactly the keys, lists and anchors of English`, () => {
        expect(shape(resources[language][namespace])).toEqual(shape(resources.en[namespace]));
      });
    }
  }

  it('has at least six title/subtitle pairs per language and ten FAQ topics', () => {
    for (const language of ['en', 'ar', 'fr'] as const) {
      const landing = resources[language].landing as { titles: string[]; subtitles: string[] };
      expect(landing.titles.length).toBeGreaterThanOrEqual(6);
      expect(landing.subtitles).toHaveLength(landing.titles.length);
      expect((resources[language].pages as { faq: { items: unknown[] } }).faq.items).toHaveLength(10);
    }
  });

  it('keeps the interpolations of every string', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join(',');
    const collect = (value: unknown, path: string, out: Map<string, string>) => {
      if (typeof value === 'string') out.set(path, placeholders(value));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, `${path}.${k}`, out);
      return out;
    };
    for (const namespace of ['pages', 'landing', 'legal'] as const) {
      const en = collect(resources.en[namespace], '', new Map());
      for (const language of ['ar', 'fr'] as const) {
        const other = collect(resources[language][namespace], '', new Map());
        for (const [path, expected] of en) expect([language, path, other.get(path)]).toEqual([language, path, expected]);
      }
    }
  });
});
