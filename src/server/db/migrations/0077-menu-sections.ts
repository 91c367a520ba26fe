import { sql, type Kysely } from 'kysely';

/**
 * Sections inside a menu: Drinks → Hot, Cold. A menu holds sections, a section holds
 * items. Every existing menu gets one unnamed section holding all its items (the section takes the
 * menu's id, so the up-migration is two set-based statements and nothing is lost). Items keep
 * `menu_id` beside `section_id` (always the section's menu) for the reads that only need the menu.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('menu_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('firm_id', 'text', (c) => c.notNull().references('firms.id').onDelete('cascade'))
    // null: the menu's unnamed section (shown without a heading)
    .addColumn('name', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('menu_sections_menu').on('menu_sections').columns(['menu_id', 'sort']).execute();
  await s.createIndex('menu_sections_firm').on('menu_sections').column('firm_id').execute();
  await s
    .alterTable('menu_items')
    .addColumn('section_id', 'text', (c) => c.references('menu_sections.id').onDelete('cascade'))
    .execute();
  await s.createIndex('menu_items_section').on('menu_items').columns(['section_id', 'sort']).execute();
  await fillSections(db);
}

/**
 * The data step: an unnamed section (with the menu's id) for every menu that has none, and every
 * item without a section put into its menu's first one. Set-based, and a no-op when run again.
 */
export async function fillSections(db: Kysely<unknown>): Promise<void> {
  await sql`insert into menu_sections (id, menu_id, firm_id, name, sort)
    select m.id, m.id, m.firm_id, null, 1 from menus m
    where not exists (select 1 from menu_sections s where s.menu_id = m.id)`.execute(db);
  await sql`update menu_items set section_id = (
    select s.id from menu_sections s where s.menu_id = menu_items.menu_id order by s.sort, s.id limit 1
  ) where section_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('menu_items_section').ifExists().execute();
  await db.schema.alterTable('menu_items').dropColumn('section_id').execute();
  await db.schema.dropTable('menu_sections').ifExists().execute();
}
