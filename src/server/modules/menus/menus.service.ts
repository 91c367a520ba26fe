import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Menu, MenuItem, MenuItemDetail, MenuSection } from '../../../shared/menus';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { isFollowersOnly } from '../../../shared/audience';
import { visibleTo } from '../firm-followers/audience';
import { parseServingHours } from '../../../shared/menu-hours-schema';
import { parseOpeningHours } from '../../../shared/firms';

function parseTags(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

export function createMenuService(db: Kysely<Database>) {
  /** The dishes `viewer` may see (followers-only ones for the firm's followers and team). */
  function itemQuery(viewer: string | undefined) {
    return db
      .selectFrom('menu_items as i')
      .leftJoin('media as m', 'm.id', 'i.image_path')
      .where(visibleTo(viewer, 'i.firm_id', 'i.audience'))
      .select([
        'i.id',
        'i.short_id as shortId',
        'i.menu_id as menuId',
        'i.firm_id as firmId',
        'i.name',
        'i.description',
        'i.price_minor as priceMinor',
        'i.currency',
        'i.tags',
        'i.available',
        'i.audience',
        'i.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ]);
  }
  type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;
  const toItem = (row: ItemRow): MenuItem => ({
    id: row.id,
    shortId: row.shortId,
    menuId: row.menuId,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency,
    tags: parseTags(row.tags),
    available: row.available === 1,
    followersOnly: isFollowersOnly(row.audience),
    ...imageFields(row),
  });

  /** A firm's published menus → sections → items: three queries whatever the number of menus. */
  async function menusOf(firmId: string, viewer: string | undefined): Promise<Menu[]> {
    const [menus, sections, items] = await Promise.all([
      db
        .selectFrom('menus')
        .select(['id', 'short_id', 'firm_id', 'name', 'description', 'serving_hours'])
        .where('firm_id', '=', firmId)
        .where('published', '=', 1)
        .orderBy('sort')
        .orderBy('name')
        .execute(),
      db
        .selectFrom('menu_sections')
        .select(['id', 'menu_id', 'name'])
        .where('firm_id', '=', firmId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      itemQuery(viewer).select('i.section_id as sectionId').where('i.firm_id', '=', firmId).orderBy('i.sort').orderBy('i.name').execute(),
    ]);
    const bySection = new Map<string, MenuItem[]>();
    for (const item of items) {
      const list = bySection.get(item.sectionId) ?? [];
      list.push(toItem(item));
      bySection.set(item.sectionId, list);
    }
    const byMenu = new Map<string, MenuSection[]>();
    for (const section of sections) {
      const sectionItems = bySection.get(section.id);
      if (!sectionItems) continue;
      const list = byMenu.get(section.menu_id) ?? [];
      list.push({ id: section.id, name: section.name, items: sectionItems });
      byMenu.set(section.menu_id, list);
    }
    return menus.map((menu) => ({
      id: menu.id,
      shortId: menu.short_id,
      firmId: menu.firm_id,
      name: menu.name,
      description: menu.description,
      servingHours: parseServingHours(menu.serving_hours),
      sections: byMenu.get(menu.id) ?? [],
    }));
  }

  async function item(id: string, viewer: string | undefined): Promise<MenuItemDetail | undefined> {
    const row = await itemQuery(viewer)
      .innerJoin('menus as mn', 'mn.id', 'i.menu_id')
      .innerJoin('firms as f', 'f.id', 'i.firm_id')
      .select([
        'f.name as firmName',
        'f.username as firmUsername',
        'f.image_path as firmImagePath',
        'mn.name as menuName',
        'mn.serving_hours as menuServingHours',
        'f.timezone as firmTimezone',
        'f.opening_hours as firmOpeningHours',
        'f.takes_orders as firmTakesOrders',
      ])
      .where((eb) => eb.or([eb('i.id', '=', id), eb('i.short_id', '=', id)]))
      .where('mn.published', '=', 1)
      .where('f.status_code', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...toItem(row),
      firmId: row.firmId,
      firmName: row.firmName,
      firmUsername: row.firmUsername,
      firmImagePath: row.firmImagePath,
      menuName: row.menuName,
      menuServingHours: parseServingHours(row.menuServingHours),
      firmTimezone: row.firmTimezone,
      firmOpeningHours: parseOpeningHours(row.firmOpeningHours),
      firmTakesOrders: row.firmTakesOrders === 1,
    };
  }

  return { menusOf, item };
}
