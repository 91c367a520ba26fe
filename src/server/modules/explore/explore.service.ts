import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  INDUSTRIES,
  INDUSTRY_KEYS,
  type ExploreEvents,
  type ExploreIndustry,
  type Industry,
  type IndustryKey,
} from '../../../shared/explore';
import { parseNames } from '../../db/sql-helpers';
import { visibleTo } from '../firm-followers/audience';

const TTL_MS = 30_000;

/** Categories and event types change only with a deploy or an admin edit: keep them a few seconds. */
export function createExploreService(db: Kysely<Database>, clock: () => Date) {
  let industries: { at: number; value: Industry[] } | undefined;

  async function listIndustries(): Promise<Industry[]> {
    const now = clock().getTime();
    if (industries && now - industries.at < TTL_MS) return industries.value;
    const [categories, types] = await Promise.all([
      db.selectFrom('categories').select(['key', 'industry_key', 'names']).orderBy('sort').orderBy('key').execute(),
      db.selectFrom('event_types').select(['key', 'names']).orderBy('sort').orderBy('key').execute(),
    ]);
    const value: Industry[] = INDUSTRY_KEYS.map((key) => ({
      key,
      names: INDUSTRIES[key].names,
      path: INDUSTRIES[key].path,
      categories:
        key === 'events'
          ? types.map((t) => ({ key: t.key, industryKey: 'events', names: parseNames(t.names) }))
          : categories
              .filter((c) => c.industry_key === key)
              .map((c) => ({ key: c.key, industryKey: c.industry_key, names: parseNames(c.names) })),
    }));
    industries = { at: now, value };
    return value;
  }

  async function exploreIndustry(key: IndustryKey): Promise<ExploreIndustry> {
    const [all, counts] = await Promise.all([
      listIndustries(),
      db
        .selectFrom('firms')
        .select(['category_key', (eb) => eb.fn.countAll<number>().as('firms')])
        .where('industry_key', '=', key)
        .where('status_code', '=', 1)
        .groupBy('category_key')
        .execute(),
    ]);
    const industry = all.find((i) => i.key === key)!;
    const byCategory = new Map(counts.map((row) => [row.category_key, Number(row.firms)]));
    return {
      ...industry,
      categories: industry.categories.map((c) => ({ ...c, firms: byCategory.get(c.key) ?? 0 })),
      firms: counts.reduce((sum, row) => sum + Number(row.firms), 0),
    };
  }

  async function exploreEvents(): Promise<ExploreEvents> {
    const now = clock().toISOString();
    const [types, counts] = await Promise.all([
      db.selectFrom('event_types').select(['key', 'names']).orderBy('sort').orderBy('key').execute(),
      db
        .selectFrom('events')
        .select(['type_key', (eb) => eb.fn.countAll<number>().as('upcoming')])
        .where('status_code', '=', 1)
        .where('visibility', '=', 1)
        // one cached answer for everyone: the events everyone sees
        .where(visibleTo(undefined, 'firm_id', 'audience'))
        .where('start_date_time', '>=', now)
        .groupBy('type_key')
        .execute(),
    ]);
    const byType = new Map(counts.map((row) => [row.type_key, Number(row.upcoming)]));
    return { types: types.map((t) => ({ key: t.key, names: parseNames(t.names), upcoming: byType.get(t.key) ?? 0 })) };
  }

  return { listIndustries, exploreIndustry, exploreEvents };
}
