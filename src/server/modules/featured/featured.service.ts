import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import type { FeaturedItem } from '../../../shared/featured';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { parseNames, unpublishedIds } from '../../db/sql-helpers';
import { visibleTo } from '../firm-followers/audience';

/** The featured showrooms: one query per entity type present, in the curated order. */
export function createFeaturedService(db: Kysely<Database>) {
  async function list(): Promise<FeaturedItem[]> {
    const rows = await db.selectFrom('featured_items').selectAll().orderBy('sort').orderBy('id').execute();
    const idsOf = (code: number) => rows.filter((r) => r.entity_type_code === code).map((r) => r.entity_id);
    const resolved = new Map<string, Omit<FeaturedItem, 'entityTypeCode' | 'entityId'>>();
    const firmIds = idsOf(ENTITY_TYPE.FIRM);
    const eventIds = idsOf(ENTITY_TYPE.EVENT);
    const blogIds = idsOf(ENTITY_TYPE.BLOG);
    const productIds = idsOf(ENTITY_TYPE.PRODUCT);
    const itemIds = idsOf(ENTITY_TYPE.MENU_ITEM);
    if (firmIds.length) {
      const firms = await db
        .selectFrom('firms as f')
        .leftJoin('media as m', 'm.id', 'f.image_path')
        .leftJoin('categories as c', 'c.key', 'f.category_key')
        .select(['f.id', 'f.username', 'f.name', 'f.image_path as imagePath', 'c.names as categoryNames', ...MEDIA_COLUMNS])
        .where('f.id', 'in', firmIds)
        .where('f.status_code', '=', 1)
        .execute();
      for (const f of firms) {
        resolved.set(f.id, {
          entityName: f.name,
          entityShortId: f.username,
          ...imageFields(f),
          type: f.categoryNames ? { name: parseNames(f.categoryNames).en, description: null } : null,
        });
      }
    }
    if (eventIds.length) {
      const events = await db
        .selectFrom('events as e')
        .leftJoin('media as m', 'm.id', 'e.image_path')
        .innerJoin('event_types as t', 't.key', 'e.type_key')
        .select(['e.id', 'e.short_id', 'e.name', 'e.image_path as imagePath', 't.names as typeNames', ...MEDIA_COLUMNS])
        .where('e.id', 'in', eventIds)
        .where('e.status_code', '=', 1)
        // the showroom is one answer for everyone: never a followers-only item
        .where(visibleTo(undefined, 'e.firm_id', 'e.audience'))
        .execute();
      for (const e of events) {
        resolved.set(e.id, {
          entityName: e.name,
          entityShortId: e.short_id,
          ...imageFields(e),
          type: { name: parseNames(e.typeNames).en, description: null },
        });
      }
    }
    if (blogIds.length) {
      const posts = await db
        .selectFrom('blog_posts as b')
        .leftJoin('media as m', 'm.id', 'b.image_path')
        .select(['b.id', 'b.short_id', 'b.name', 'b.short_summary', 'b.image_path as imagePath', ...MEDIA_COLUMNS])
        .where('b.id', 'in', blogIds)
        .where('b.status_code', '=', 1)
        .where(visibleTo(undefined, 'b.firm_id', 'b.audience'))
        .execute();
      for (const b of posts) {
        resolved.set(b.id, {
          entityName: b.name,
          entityShortId: b.short_id,
          ...imageFields(b),
          type: { name: 'Blog', description: b.short_summary },
        });
      }
    }
    for (const [table, ids] of [
      ['products', productIds],
      ['menu_items', itemIds],
    ] as const) {
      if (!ids.length) continue;
      const items = await db
        .selectFrom(`${table} as p` as 'products as p')
        .leftJoin('media as m', 'm.id', 'p.image_path')
        .select(['p.id', 'p.short_id', 'p.name', 'p.description', 'p.image_path as imagePath', ...MEDIA_COLUMNS])
        .where('p.id', 'in', ids)
        // drafts and hidden ones are not featured
        .where('p.id', 'not in', unpublishedIds(db, table))
        .where(visibleTo(undefined, 'p.firm_id', 'p.audience'))
        .execute();
      for (const p of items) {
        resolved.set(p.id, { entityName: p.name, entityShortId: p.short_id, ...imageFields(p), type: null });
      }
    }
    const out: FeaturedItem[] = [];
    for (const row of rows) {
      const found = resolved.get(row.entity_id);
      if (found) out.push({ entityId: row.entity_id, entityTypeCode: row.entity_type_code, ...found });
    }
    return out;
  }
  return { list };
}
