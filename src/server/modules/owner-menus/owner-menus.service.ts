import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type {
  MenuInputData,
  MenuItemInputData,
  OwnerMenuItem,
  OwnerMenus,
  OwnerMenuSection,
  SortMenuInput,
} from '../../../shared/owner-catalogue';
import { parseServingHours } from '../../../shared/menu-hours-schema';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { badRequest, notFound } from '../../lib/errors';
import { randomId, shortId } from '../../lib/ids';
import { assertCanCreate } from '../../lib/plans';
import { assertFirmImage, conflict } from '../../lib/workspace-content';
import { audienceOf, isFollowersOnly } from '../../../shared/audience';

type Trx = Transaction<Database>;

const servingHoursColumn = ({ servingHours }: MenuInputData) => (servingHours ? JSON.stringify(servingHours) : null);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The owner's menus: several menus per firm (Breakfast, Drinks: the sections of the
 * firm page's menu), their items with options, tags and "sold out today", and sort-menu, which
 * saves the whole order at once. Every write is one transaction; the public menu reads the same
 * rows, and every write empties the public cache (app.ts `clearOnWrite`).
 */
export function createOwnerMenuService(db: Kysely<Database>, clock: () => Date) {
  function itemQuery(executor: Kysely<Database> | Trx = db) {
    return executor
      .selectFrom('menu_items as i')
      .leftJoin('media as m', 'm.id', 'i.image_path')
      .select([
        'i.id',
        'i.short_id as shortId',
        'i.menu_id as menuId',
        'i.section_id as sectionId',
        'i.name',
        'i.description',
        'i.price_minor as price',
        'i.currency',
        'i.tags',
        'i.options',
        'i.available',
        'i.audience',
        'i.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ]);
  }
  type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;
  const toItem = (row: ItemRow): OwnerMenuItem => ({
    id: row.id,
    shortId: row.shortId,
    menuId: row.menuId,
    sectionId: row.sectionId,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    tags: parseJson<string[]>(row.tags, []),
    options: parseJson<OwnerMenuItem['options']>(row.options, []),
    available: row.available === 1,
    followersOnly: isFollowersOnly(row.audience),
    ...imageFields(row),
  });

  /** Every menu of the firm → its sections → their items, in the order the public page shows them. */
  async function list(firmId: string): Promise<OwnerMenus> {
    const [firm, menus, sections, items] = await Promise.all([
      db.selectFrom('firms').select(['username', 'currency']).where('id', '=', firmId).executeTakeFirstOrThrow(),
      db
        .selectFrom('menus')
        .select(['id', 'short_id', 'name', 'description', 'published', 'serving_hours'])
        .where('firm_id', '=', firmId)
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
      itemQuery().where('i.firm_id', '=', firmId).orderBy('i.sort').orderBy('i.name').execute(),
    ]);
    const sectionsOf = (menuId: string): OwnerMenuSection[] =>
      sections
        .filter((section) => section.menu_id === menuId)
        .map((section) => ({
          id: section.id,
          name: section.name,
          items: items.filter((item) => item.sectionId === section.id).map(toItem),
        }));
    return {
      firmUsername: firm.username,
      currency: firm.currency,
      menus: menus.map((menu) => ({
        id: menu.id,
        shortId: menu.short_id,
        name: menu.name,
        description: menu.description,
        published: menu.published === 1,
        servingHours: parseServingHours(menu.serving_hours),
        sections: sectionsOf(menu.id),
      })),
    };
  }

  async function readItem(id: string, executor: Kysely<Database> | Trx = db): Promise<OwnerMenuItem> {
    const row = await itemQuery(executor).where('i.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Menu item not found.');
    return toItem(row);
  }

  /**
   * `POST /menus`: a new menu last in the order, if the plan allows one more (CREATE_MENU). It
   * starts as a draft (not public until published) with one unnamed section to add items to.
   */
  async function createMenu(firmId: string, input: MenuInputData): Promise<OwnerMenus> {
    await db.transaction().execute(async (trx) => {
      await assertCanCreate(trx, firmId, 'CREATE_MENU', clock());
      const last = await trx
        .selectFrom('menus')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      const id = randomId();
      await trx
        .insertInto('menus')
        .values({
          id,
          short_id: shortId(),
          firm_id: firmId,
          name: input.name,
          description: input.description,
          serving_hours: servingHoursColumn(input),
          sort: Number(last?.sort ?? 0) + 1,
          published: 0,
        })
        .execute();
      await trx.insertInto('menu_sections').values({ id: randomId(), menu_id: id, firm_id: firmId, name: null, sort: 1 }).execute();
    });
    return list(firmId);
  }

  async function updateMenu(firmId: string, id: string, input: MenuInputData): Promise<OwnerMenus> {
    const result = await db
      .updateTable('menus')
      .set({ name: input.name, description: input.description, serving_hours: servingHoursColumn(input) })
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('Menu not found.');
    return list(firmId);
  }

  /** `PATCH /menus/{id}/published`: shows the menu (with its items) to visitors, or hides it. */
  async function setMenuPublished(firmId: string, id: string, published: boolean): Promise<OwnerMenus> {
    const result = await db
      .updateTable('menus')
      .set({ published: published ? 1 : 0 })
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('Menu not found.');
    return list(firmId);
  }

  /** `DELETE /menus/{id}`: the menu and its items (their pictures released), in one transaction. */
  async function removeMenu(firmId: string, id: string): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const menu = await trx.selectFrom('menus').select('id').where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
      if (!menu) throw notFound('Menu not found.');
      const items = await trx.selectFrom('menu_items').select('image_path').where('menu_id', '=', id).execute();
      await trx.deleteFrom('menu_items').where('menu_id', '=', id).execute();
      await trx.deleteFrom('menu_sections').where('menu_id', '=', id).execute();
      await trx.deleteFrom('menus').where('id', '=', id).execute();
      return items.map((item) => item.image_path).filter((path): path is string => Boolean(path));
    });
  }

  /** The first section of a menu, made (unnamed) if the menu has none left. */
  async function firstSection(trx: Trx, firmId: string, menuId: string): Promise<string> {
    const first = await trx
      .selectFrom('menu_sections')
      .select('id')
      .where('menu_id', '=', menuId)
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirst();
    if (first) return first.id;
    const id = randomId();
    await trx.insertInto('menu_sections').values({ id, menu_id: menuId, firm_id: firmId, name: null, sort: 1 }).execute();
    return id;
  }

  /**
   * The checks of an item save: its menu is the firm's, its section (if named) one of that menu's,
   * its picture the firm's own. Returns the section the item goes into.
   */
  async function checkItem(trx: Trx, firmId: string, input: MenuItemInputData, currentImage: string | null): Promise<string> {
    const errors: Record<string, string[]> = {};
    const menu = await trx.selectFrom('menus').select('id').where('id', '=', input.menuId).where('firm_id', '=', firmId).executeTakeFirst();
    if (!menu) errors.menuId = ['validation.unknownMenu'];
    if (menu && input.sectionId) {
      const section = await trx
        .selectFrom('menu_sections')
        .select('id')
        .where('id', '=', input.sectionId)
        .where('menu_id', '=', input.menuId)
        .executeTakeFirst();
      if (!section) errors.sectionId = ['validation.unknownSection'];
    }
    await assertFirmImage(trx, firmId, input.imagePath, currentImage).catch((error: { errors?: Record<string, string[]> }) => {
      Object.assign(errors, error.errors);
    });
    if (Object.keys(errors).length > 0) throw badRequest('Bad request – please check your input.', errors);
    return input.sectionId ?? (await firstSection(trx, firmId, input.menuId));
  }

  const itemValues = (input: MenuItemInputData) => ({
    menu_id: input.menuId,
    name: input.name,
    description: input.description,
    price_minor: input.price,
    currency: input.currency,
    image_path: input.imagePath,
    tags: JSON.stringify(input.tags),
    options: JSON.stringify(input.options),
    available: input.available ? 1 : 0,
    audience: audienceOf(input.followersOnly),
  });

  /** `POST /menu-items`: an item last in its section, if the plan allows one more (CREATE_MENU_ITEM). */
  async function createItem(firmId: string, input: MenuItemInputData): Promise<OwnerMenuItem> {
    const id = randomId();
    await db.transaction().execute(async (trx) => {
      const sectionId = await checkItem(trx, firmId, input, null);
      await assertCanCreate(trx, firmId, 'CREATE_MENU_ITEM', clock());
      const last = await trx
        .selectFrom('menu_items')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('section_id', '=', sectionId)
        .executeTakeFirst();
      await trx
        .insertInto('menu_items')
        .values({
          id,
          short_id: shortId(),
          firm_id: firmId,
          sort: Number(last?.sort ?? 0) + 1,
          ...itemValues(input),
          section_id: sectionId,
        })
        .execute();
    });
    return readItem(id);
  }

  /** `PUT /menu-items/{id}`: the whole item; moving it to another section or menu puts it last there. */
  async function updateItem(
    firmId: string,
    id: string,
    input: MenuItemInputData,
  ): Promise<{ item: OwnerMenuItem; released: string | null }> {
    let released: string | null = null;
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('menu_items')
        .select(['menu_id', 'section_id', 'image_path', 'sort'])
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!current) throw notFound('Menu item not found.');
      // the same menu without a section named: the item stays in its section
      const sectionId =
        current.menu_id === input.menuId && !input.sectionId
          ? await checkItem(trx, firmId, { ...input, sectionId: current.section_id }, current.image_path)
          : await checkItem(trx, firmId, input, current.image_path);
      let sort = current.sort;
      if (current.section_id !== sectionId) {
        const last = await trx
          .selectFrom('menu_items')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('section_id', '=', sectionId)
          .executeTakeFirst();
        sort = Number(last?.sort ?? 0) + 1;
      }
      await trx
        .updateTable('menu_items')
        .set({ ...itemValues(input), section_id: sectionId, sort })
        .where('id', '=', id)
        .execute();
      if (current.image_path !== input.imagePath) released = current.image_path;
    });
    return { item: await readItem(id), released };
  }

  async function setAvailability(firmId: string, id: string, available: boolean): Promise<OwnerMenuItem> {
    const result = await db
      .updateTable('menu_items')
      .set({ available: available ? 1 : 0 })
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('Menu item not found.');
    return readItem(id);
  }

  async function removeItem(firmId: string, id: string): Promise<string | null> {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('menu_items')
        .select('image_path')
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!current) throw notFound('Menu item not found.');
      await trx.deleteFrom('menu_items').where('id', '=', id).execute();
      return current.image_path;
    });
  }

  /** `POST /menu-sections`: a named section last in one of the firm's menus. */
  async function createSection(firmId: string, input: { menuId: string; name: string }): Promise<OwnerMenus> {
    await db.transaction().execute(async (trx) => {
      const menu = await trx
        .selectFrom('menus')
        .select('id')
        .where('id', '=', input.menuId)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!menu) throw badRequest('Bad request – please check your input.', { menuId: ['validation.unknownMenu'] });
      const last = await trx
        .selectFrom('menu_sections')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('menu_id', '=', input.menuId)
        .executeTakeFirst();
      await trx
        .insertInto('menu_sections')
        .values({ id: randomId(), menu_id: input.menuId, firm_id: firmId, name: input.name, sort: Number(last?.sort ?? 0) + 1 })
        .execute();
    });
    return list(firmId);
  }

  async function renameSection(firmId: string, id: string, name: string): Promise<OwnerMenus> {
    const result = await db
      .updateTable('menu_sections')
      .set({ name })
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('Menu section not found.');
    return list(firmId);
  }

  /**
   * `DELETE /menu-sections/{id}`: an empty section only. One that still holds items is refused
   * (409 `section_not_empty`): the owner moves or deletes them first, so no dish is lost by a click.
   */
  async function removeSection(firmId: string, id: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const section = await trx
        .selectFrom('menu_sections')
        .select('id')
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!section) throw notFound('Menu section not found.');
      const item = await trx.selectFrom('menu_items').select('id').where('section_id', '=', id).executeTakeFirst();
      if (item) throw conflict('This section still holds items: move them to another section or delete them first.', 'section_not_empty');
      await trx.deleteFrom('menu_sections').where('id', '=', id).execute();
    });
  }

  /**
   * `PUT /sort-menu`: the whole order in one transaction. The firm's row is locked first (a
   * no-op UPDATE), so concurrent saves run one after the other and the last one wins whole; a
   * list that is not exactly the firm's menus, sections and items is 409 `menu_changed`, nothing
   * saved. A section may change menu and an item section (and so menu).
   */
  async function sort(firmId: string, input: SortMenuInput): Promise<OwnerMenus> {
    await db.transaction().execute(async (trx) => {
      // one row to lock (the firm's): concurrent sorts queue behind it, never deadlock
      await trx
        .updateTable('firms')
        .set((eb) => ({ plan_key: eb.ref('plan_key') }))
        .where('id', '=', firmId)
        .execute();
      const [menus, sections, items] = await Promise.all([
        trx.selectFrom('menus').select('id').where('firm_id', '=', firmId).execute(),
        trx.selectFrom('menu_sections').select('id').where('firm_id', '=', firmId).execute(),
        trx.selectFrom('menu_items').select('id').where('firm_id', '=', firmId).execute(),
      ]);
      const sentSections = input.menus.flatMap((menu) => menu.sections);
      const same = (sent: string[], rows: { id: string }[]) => {
        const mine = new Set(rows.map((row) => row.id));
        return sent.length === mine.size && new Set(sent).size === sent.length && sent.every((id) => mine.has(id));
      };
      if (
        !same(
          input.menus.map((menu) => menu.id),
          menus,
        ) ||
        !same(
          sentSections.map((section) => section.id),
          sections,
        ) ||
        !same(
          sentSections.flatMap((section) => section.itemIds),
          items,
        )
      ) {
        throw conflict('The menu was changed meanwhile (a section or an item added or deleted): reload it and sort again.', 'menu_changed');
      }
      for (const [menuIndex, menu] of input.menus.entries()) {
        await trx
          .updateTable('menus')
          .set({ sort: menuIndex + 1 })
          .where('id', '=', menu.id)
          .execute();
        for (const [sectionIndex, section] of menu.sections.entries()) {
          await trx
            .updateTable('menu_sections')
            .set({ sort: sectionIndex + 1, menu_id: menu.id })
            .where('id', '=', section.id)
            .execute();
          for (const [itemIndex, itemId] of section.itemIds.entries()) {
            await trx
              .updateTable('menu_items')
              .set({ sort: itemIndex + 1, section_id: section.id, menu_id: menu.id })
              .where('id', '=', itemId)
              .execute();
          }
        }
      }
    });
    return list(firmId);
  }

  return {
    list,
    readItem,
    createMenu,
    updateMenu,
    setMenuPublished,
    removeMenu,
    createItem,
    updateItem,
    setAvailability,
    removeItem,
    createSection,
    renameSection,
    removeSection,
    sort,
  };
}
