import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import type { SavedCheck, SavedEntry, SavedItem, SaveItemInput } from '../../../shared/saved';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { unpublishedIds } from '../../db/sql-helpers';
import { visibleTo } from '../firm-followers/audience';

type Row = { id: string; entity_id: string; entity_type_code: number; created_at: string };
const toItem = (row: Row): SavedItem => ({
  id: row.id,
  entityId: row.entity_id,
  entityTypeCode: row.entity_type_code,
  createdAt: row.created_at,
});

export function createSavedService(db: Kysely<Database>, clock: () => Date) {
  async function entityExists(input: SaveItemInput): Promise<boolean> {
    const table = {
      [ENTITY_TYPE.FIRM]: 'firms',
      [ENTITY_TYPE.EVENT]: 'events',
      [ENTITY_TYPE.BLOG]: 'blog_posts',
      [ENTITY_TYPE.PRODUCT]: 'products',
      [ENTITY_TYPE.MENU_ITEM]: 'menu_items',
    }[input.entityTypeCode] as 'firms';
    let query = db.selectFrom(table).select('id').where('id', '=', input.entityId);
    // a draft or hidden product or dish cannot be saved (it is not public)
    if (input.entityTypeCode === ENTITY_TYPE.PRODUCT) query = query.where('id', 'not in', unpublishedIds(db, 'products'));
    if (input.entityTypeCode === ENTITY_TYPE.MENU_ITEM) query = query.where('id', 'not in', unpublishedIds(db, 'menu_items'));
    return Boolean(await query.executeTakeFirst());
  }

  async function check(userId: string, entityId: string): Promise<SavedCheck> {
    const row = await db
      .selectFrom('saved_items')
      .select('id')
      .where('user_id', '=', userId)
      .where('entity_id', '=', entityId)
      .executeTakeFirst();
    return { saved: Boolean(row), id: row?.id ?? null };
  }

  /** Saving twice is harmless: the existing item comes back (a replayed offline mutation). */
  async function save(userId: string, input: SaveItemInput): Promise<{ item: SavedItem; created: boolean } | undefined> {
    if (!(await entityExists(input))) return undefined;
    const existing = await db
      .selectFrom('saved_items')
      .select(['id', 'entity_id', 'entity_type_code', 'created_at'])
      .where('user_id', '=', userId)
      .where('entity_id', '=', input.entityId)
      .executeTakeFirst();
    if (existing) return { item: toItem(existing), created: false };
    const row = {
      id: crypto.randomUUID(),
      user_id: userId,
      entity_id: input.entityId,
      entity_type_code: input.entityTypeCode,
      created_at: clock().toISOString(),
    };
    try {
      await db.insertInto('saved_items').values(row).execute();
    } catch (error) {
      // a concurrent save of the same item won the unique constraint
      const again = await check(userId, input.entityId);
      if (!again.id) throw error;
      return { item: { ...toItem(row), id: again.id }, created: false };
    }
    return { item: toItem(row), created: true };
  }

  /** Deletes only the user's own item; someone else's id reads as not found. */
  async function remove(userId: string, id: string): Promise<boolean> {
    const result = await db.deleteFrom('saved_items').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async function removeByEntity(userId: string, entityId: string): Promise<boolean> {
    const result = await db.deleteFrom('saved_items').where('entity_id', '=', entityId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The user's saved items of one type, newest first, with what their cards show. */
  /** A page of `userId`'s saved items of one type, as `viewer` (they, or someone reading their profile) may see them. */
  async function byType(
    userId: string,
    typeCode: number | undefined,
    offset: number,
    limit: number,
    viewer: string | undefined,
  ): Promise<Paged<SavedEntry>> {
    const page = Math.floor(offset / limit);
    if (typeCode === undefined) return paged([], page, limit, 0);
    // products and dishes hidden since they were saved (unpublished) leave the list and its count
    const hidden =
      typeCode === ENTITY_TYPE.PRODUCT
        ? unpublishedIds(db, 'products')
        : typeCode === ENTITY_TYPE.MENU_ITEM
          ? unpublishedIds(db, 'menu_items')
          : undefined;
    const saved = () => {
      const query = db.selectFrom('saved_items as s').where('s.user_id', '=', userId).where('s.entity_type_code', '=', typeCode);
      return hidden ? query.where('s.entity_id', 'not in', hidden) : query;
    };
    const savedColumns = ['s.id', 's.entity_id', 's.entity_type_code', 's.created_at'] as const;
    const total = Number(
      (
        await saved()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    let entries: SavedEntry[] = [];
    switch (typeCode) {
      case ENTITY_TYPE.FIRM: {
        const rows = await saved()
          .innerJoin('firms as f', 'f.id', 's.entity_id')
          .leftJoin('media as m', 'm.id', 'f.image_path')
          .select([...savedColumns, 'f.name', 'f.username', 'f.city', 'f.image_path as imagePath', ...MEDIA_COLUMNS])
          .orderBy('s.created_at', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        entries = rows.map((r) => ({ ...toItem(r), name: r.name, subtitle: r.city, path: `/${r.username}`, ...imageFields(r) }));
        break;
      }
      case ENTITY_TYPE.EVENT: {
        const rows = await saved()
          .innerJoin('events as e', 'e.id', 's.entity_id')
          .innerJoin('firms as f', 'f.id', 'e.firm_id')
          .leftJoin('media as m', 'm.id', 'e.image_path')
          .where(visibleTo(viewer, 'e.firm_id', 'e.audience'))
          .select([
            ...savedColumns,
            'e.name',
            'e.short_id',
            'e.start_date_time',
            'f.name as firmName',
            'e.image_path as imagePath',
            ...MEDIA_COLUMNS,
          ])
          .orderBy('s.created_at', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        entries = rows.map((r) => ({ ...toItem(r), name: r.name, subtitle: r.firmName, path: `/event/${r.short_id}`, ...imageFields(r) }));
        break;
      }
      case ENTITY_TYPE.BLOG: {
        const rows = await saved()
          .innerJoin('blog_posts as b', 'b.id', 's.entity_id')
          .innerJoin('firms as f', 'f.id', 'b.firm_id')
          .leftJoin('media as m', 'm.id', 'b.image_path')
          .where(visibleTo(viewer, 'b.firm_id', 'b.audience'))
          .select([...savedColumns, 'b.name', 'b.short_id', 'f.name as firmName', 'b.image_path as imagePath', ...MEDIA_COLUMNS])
          .orderBy('s.created_at', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        entries = rows.map((r) => ({ ...toItem(r), name: r.name, subtitle: r.firmName, path: `/blog/${r.short_id}`, ...imageFields(r) }));
        break;
      }
      case ENTITY_TYPE.PRODUCT:
      case ENTITY_TYPE.MENU_ITEM: {
        const table = typeCode === ENTITY_TYPE.PRODUCT ? 'products' : 'menu_items';
        const rows = await saved()
          .innerJoin(`${table} as p` as 'products as p', 'p.id', 's.entity_id')
          .innerJoin('firms as f', 'f.id', 'p.firm_id')
          .leftJoin('media as m', 'm.id', 'p.image_path')
          .where(visibleTo(viewer, 'p.firm_id', 'p.audience'))
          .select([...savedColumns, 'p.name', 'f.name as firmName', 'f.username', 'p.image_path as imagePath', ...MEDIA_COLUMNS])
          .orderBy('s.created_at', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        entries = rows.map((r) => ({ ...toItem(r), name: r.name, subtitle: r.firmName, path: `/${r.username}`, ...imageFields(r) }));
        break;
      }
      default:
        entries = [];
    }
    return paged(entries, page, limit, total);
  }

  return { check, save, remove, removeByEntity, byType };
}
