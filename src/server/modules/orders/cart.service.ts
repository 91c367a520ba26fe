import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { HttpError, notFound } from '../../lib/errors';
import type { Cart, CartItemInput, CartLine } from '../../../shared/cart';

/**
 * Carts: one per user and firm (issue 12 item 7). A line is a product, or a menu item of a firm
 * that takes orders; prices are read at checkout, never stored here. Quantities are checked
 * against stock when set (a friendly early answer) and again, for real, when the order takes it.
 */
export function createCartService(db: Kysely<Database>, clock: () => Date) {
  async function item(input: Pick<CartItemInput, 'itemType' | 'itemId'>) {
    if (input.itemType === 'product') {
      const row = await db
        .selectFrom('products as p')
        .innerJoin('firms as f', 'f.id', 'p.firm_id')
        .select(['p.firm_id as firmId', 'p.name', 'p.stock', 'p.sold', 'p.track_stock as trackStock', 'f.status_code as firmStatus'])
        .where('p.id', '=', input.itemId)
        .where('p.published', '=', 1)
        .executeTakeFirst();
      if (!row || row.firmStatus !== 1) return undefined;
      // a product with variants is not sold by the product (its own stock does not count): not in a cart yet
      const variant = await db
        .selectFrom('product_variants')
        .select('id')
        .where('product_id', '=', input.itemId)
        .limit(1)
        .executeTakeFirst();
      return {
        firmId: row.firmId,
        name: row.name,
        orderable: !variant,
        left: row.trackStock === 1 ? Math.max(0, row.stock - row.sold) : null,
      };
    }
    const row = await db
      .selectFrom('menu_items as m')
      .innerJoin('firms as f', 'f.id', 'm.firm_id')
      .innerJoin('menus as mn', 'mn.id', 'm.menu_id')
      .select(['m.firm_id as firmId', 'm.name', 'm.available', 'f.takes_orders as takesOrders', 'f.status_code as firmStatus'])
      .where('m.id', '=', input.itemId)
      .where('mn.published', '=', 1)
      .executeTakeFirst();
    if (!row || row.firmStatus !== 1) return undefined;
    return { firmId: row.firmId, name: row.name, orderable: row.available === 1 && row.takesOrders === 1, left: null };
  }

  async function setQuantity(userId: string, input: CartItemInput): Promise<void> {
    const found = await item(input);
    if (!found) throw notFound('This item does not exist.');
    if (input.quantity === 0) {
      await db
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('item_type', '=', input.itemType)
        .where('item_id', '=', input.itemId)
        .execute();
      return;
    }
    if (!found.orderable) {
      throw new HttpError(422, `"${found.name}" cannot be ordered here.`, 'item_unavailable', {
        itemId: ['This firm does not take orders of it.'],
      });
    }
    if (found.left !== null && input.quantity > found.left) {
      throw new HttpError(
        409,
        found.left === 0 ? `"${found.name}" is out of stock.` : `Only ${found.left} of "${found.name}" left.`,
        'out_of_stock',
        {
          quantity: [String(found.left)],
        },
      );
    }
    await db
      .insertInto('cart_items')
      .values({
        user_id: userId,
        firm_id: found.firmId,
        item_type: input.itemType,
        item_id: input.itemId,
        quantity: input.quantity,
        added_at: clock().toISOString(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'item_type', 'item_id']).doUpdateSet({ quantity: input.quantity }))
      .execute();
  }

  async function clear(userId: string, firmId: string): Promise<void> {
    await db.deleteFrom('cart_items').where('user_id', '=', userId).where('firm_id', '=', firmId).execute();
  }

  /** Every cart of a user, one per firm, newest first, at today's prices. */
  async function carts(userId: string): Promise<Cart[]> {
    const [products, menuItems] = await Promise.all([
      db
        .selectFrom('cart_items as ci')
        .innerJoin('products as p', 'p.id', 'ci.item_id')
        .innerJoin('firms as f', 'f.id', 'ci.firm_id')
        .leftJoin('media as m', 'm.id', 'p.image_path')
        .select([
          'ci.item_id as itemId',
          'ci.quantity',
          'ci.added_at as addedAt',
          'ci.firm_id as firmId',
          'f.name as firmName',
          'f.username as firmUsername',
          'f.status_code as firmStatus',
          'p.short_id as shortId',
          'p.name',
          'p.price_minor as price',
          'p.currency',
          'p.stock',
          'p.sold',
          'p.track_stock as trackStock',
          'p.image_path as imagePath',
          ...MEDIA_COLUMNS,
        ])
        .where('ci.user_id', '=', userId)
        .where('ci.item_type', '=', 'product')
        .execute(),
      db
        .selectFrom('cart_items as ci')
        .innerJoin('menu_items as mi', 'mi.id', 'ci.item_id')
        .innerJoin('firms as f', 'f.id', 'ci.firm_id')
        .leftJoin('media as m', 'm.id', 'mi.image_path')
        .select([
          'ci.item_id as itemId',
          'ci.quantity',
          'ci.added_at as addedAt',
          'ci.firm_id as firmId',
          'f.name as firmName',
          'f.username as firmUsername',
          'f.status_code as firmStatus',
          'f.takes_orders as takesOrders',
          'mi.short_id as shortId',
          'mi.name',
          'mi.price_minor as price',
          'mi.currency',
          'mi.available',
          'mi.image_path as imagePath',
          ...MEDIA_COLUMNS,
        ])
        .where('ci.user_id', '=', userId)
        .where('ci.item_type', '=', 'menu_item')
        .execute(),
    ]);
    const byFirm = new Map<string, Cart & { newest: string }>();
    const add = (row: { firmId: string; firmName: string; firmUsername: string; currency: string; addedAt: string }, line: CartLine) => {
      let cart = byFirm.get(row.firmId);
      if (!cart) {
        cart = {
          firmId: row.firmId,
          firmName: row.firmName,
          firmUsername: row.firmUsername,
          currency: row.currency,
          lines: [],
          totalMinor: 0,
          itemCount: 0,
          newest: row.addedAt,
        };
        byFirm.set(row.firmId, cart);
      }
      cart.lines.push(line);
      if (row.addedAt > cart.newest) cart.newest = row.addedAt;
      cart.totalMinor += line.unitPrice * line.quantity;
      cart.itemCount += line.quantity;
    };
    for (const p of products) {
      const left = p.trackStock === 1 ? Math.max(0, p.stock - p.sold) : null;
      add(p, {
        itemType: 'product',
        itemId: p.itemId,
        shortId: p.shortId,
        name: p.name,
        unitPrice: p.price,
        quantity: p.quantity,
        available: p.firmStatus === 1 && (left === null || left >= p.quantity),
        stockLeft: left,
        ...imageFields(p),
      });
    }
    for (const m of menuItems) {
      add(m, {
        itemType: 'menu_item',
        itemId: m.itemId,
        shortId: m.shortId,
        name: m.name,
        unitPrice: m.price,
        quantity: m.quantity,
        available: m.firmStatus === 1 && m.available === 1 && m.takesOrders === 1,
        stockLeft: null,
        ...imageFields(m),
      });
    }
    return [...byFirm.values()]
      .sort((a, b) => b.newest.localeCompare(a.newest))
      .map(({ newest: _newest, ...cart }) => ({ ...cart, lines: cart.lines.sort((a, b) => a.name.localeCompare(b.name)) }));
  }

  return { setQuantity, clear, carts };
}
