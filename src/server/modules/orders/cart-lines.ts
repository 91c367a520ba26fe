import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { productSale, VARIANT_LINE_COLUMNS } from './cart.service';
import { isServingAt } from '../../../shared/menu-hours';
import { parseServingHours } from '../../../shared/menu-hours-schema';
import { parseOpeningHours } from '../../../shared/firms';
import { orderingOpenAt } from '../../../shared/opening-hours';

const ACTIVE = 1;

function productLines(db: Kysely<Database>, userId: string, firmId: string) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.item_id')
    .leftJoin('product_variants as v', (join) => join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'p.id'))
    .select([
      'ci.item_id',
      'ci.quantity',
      'p.name',
      'p.price_minor as price',
      'p.stock',
      'p.sold',
      'p.track_stock as trackStock',
      'p.currency',
      'p.published',
      'p.audience',
      ...VARIANT_LINE_COLUMNS,
      (eb) => eb.exists(eb.selectFrom('product_variants as pv').select('pv.id').whereRef('pv.product_id', '=', 'p.id')).as('hasVariants'),
    ])
    .where('ci.user_id', '=', userId)
    .where('ci.firm_id', '=', firmId)
    .where('ci.item_type', '=', 'product')
    .orderBy('ci.added_at')
    .execute();
}

function menuLines(db: Kysely<Database>, userId: string, firmId: string) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('menu_items as m', 'm.id', 'ci.item_id')
    .innerJoin('menus as mn', 'mn.id', 'm.menu_id')
    .select([
      'ci.item_id',
      'ci.quantity',
      'm.name',
      'm.price_minor',
      'm.currency',
      'm.available',
      'm.audience',
      'mn.published',
      'mn.serving_hours',
    ])
    .where('ci.user_id', '=', userId)
    .where('ci.firm_id', '=', firmId)
    .where('ci.item_type', '=', 'menu_item')
    .orderBy('ci.added_at')
    .execute();
}

/**
 * A user's cart lines for one firm, at today's prices, with whether each can still be ordered, whether
 * its menu is served at `at` and whether the firm is open to take it then (a product always is: only
 * the kitchen's dishes keep the firm's hours; the shop sells whenever its goods are on sale).
 */
export async function cartLines(db: Kysely<Database>, userId: string, firmId: string, at: Date) {
  const [products, menuItems, firm] = await Promise.all([
    productLines(db, userId, firmId),
    menuLines(db, userId, firmId),
    db.selectFrom('firms').select(['status_code', 'takes_orders', 'timezone', 'opening_hours']).where('id', '=', firmId).executeTakeFirst(),
  ]);
  const open = firm?.status_code === ACTIVE;
  const timeZone = firm?.timezone ?? 'UTC';
  const kitchenOpen = orderingOpenAt(parseOpeningHours(firm?.opening_hours), timeZone, at);
  return [
    ...products.map((p) => {
      const sale = productSale(p);
      return {
        itemType: 'product' as const,
        itemId: p.item_id,
        name: p.name,
        variant: p.variantId ? { id: p.variantId, name: p.variantName! } : null,
        price: sale.price,
        currency: p.currency,
        quantity: p.quantity,
        audience: p.audience,
        // stock is checked where it is taken (a conditional UPDATE): out_of_stock, 409; one hidden since is not sold,
        // nor a line whose variant went (or a product that has variants now, in the cart without one)
        available: open && p.published === 1 && sale.sellable,
        serving: true,
        inHours: true,
      };
    }),
    ...menuItems.map((m) => ({
      itemType: 'menu_item' as const,
      itemId: m.item_id,
      name: m.name,
      variant: null,
      price: m.price_minor,
      currency: m.currency,
      quantity: m.quantity,
      audience: m.audience,
      available: open && m.available === 1 && m.published === 1 && firm?.takes_orders === 1,
      serving: isServingAt(parseServingHours(m.serving_hours), timeZone, at),
      inHours: kitchenOpen,
    })),
  ];
}

export type CartLine = Awaited<ReturnType<typeof cartLines>>[number];
