import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { HttpError, notFound } from '../../lib/errors';
import { visibleTo } from '../firm-followers/audience';
import type { Cart, CartItemInput, CartLine } from '../../../shared/cart';
import { isServingAt } from '../../../shared/menu-hours';
import { parseServingHours } from '../../../shared/menu-hours-schema';
import { heldFor } from '../waitlist/offers';
import { WAITLIST_STATUS } from '../../../shared/waitlist';
import { parseOpeningHours } from '../../../shared/firms';

/**
 * Carts: one per user and firm. A line is a product, or a menu item of a firm
 * that takes orders; prices are read at checkout, never stored here. Quantities are checked
 * against stock when set (a friendly early answer) and again, for real, when the order takes it.
 */
export function createCartService(db: Kysely<Database>, clock: () => Date) {
  /** The item to put in `userId`'s cart: undefined when it does not exist for them (a followers-only item of a firm they do not follow). */
  async function item(input: Pick<CartItemInput, 'itemType' | 'itemId' | 'variantId'>, userId: string) {
    if (input.itemType === 'product') {
      const row = await db
        .selectFrom('products as p')
        .innerJoin('firms as f', 'f.id', 'p.firm_id')
        .select(['p.firm_id as firmId', 'p.name', 'p.stock', 'p.sold', 'p.track_stock as trackStock', 'f.status_code as firmStatus'])
        .where('p.id', '=', input.itemId)
        .where('p.published', '=', 1)
        .where(visibleTo(userId, 'p.firm_id', 'p.audience'))
        .executeTakeFirst();
      if (!row || row.firmStatus !== 1) return undefined;
      // a product with variants is sold by its variant (its own price and stock do not count)
      const variants = await db
        .selectFrom('product_variants')
        .select(['id', 'name', 'stock', 'sold', 'track_stock as trackStock'])
        .where('product_id', '=', input.itemId)
        .execute();
      const variant = variants.length ? chosenVariant(variants, input.variantId) : noVariant(input.variantId);
      const counted = variant ?? row;
      // units a waitlist offer holds for this user count as theirs to put in the cart
      const held =
        counted.trackStock === 1
          ? await heldFor(db, userId, { kind: 'stock', productId: input.itemId, variantId: variant?.id ?? null }, clock().toISOString())
          : 0;
      return {
        firmId: row.firmId,
        name: variant ? `${row.name} — ${variant.name}` : row.name,
        variantId: variant?.id ?? '',
        orderable: true,
        serving: true,
        left: counted.trackStock === 1 ? Math.max(0, counted.stock - counted.sold) + held : null,
      };
    }
    noVariant(input.variantId);
    const row = await db
      .selectFrom('menu_items as m')
      .innerJoin('firms as f', 'f.id', 'm.firm_id')
      .innerJoin('menus as mn', 'mn.id', 'm.menu_id')
      .select([
        'm.firm_id as firmId',
        'm.name',
        'm.available',
        'f.takes_orders as takesOrders',
        'f.status_code as firmStatus',
        'f.timezone',
        'mn.serving_hours as servingHours',
      ])
      .where('m.id', '=', input.itemId)
      .where('mn.published', '=', 1)
      .where(visibleTo(userId, 'm.firm_id', 'm.audience'))
      .executeTakeFirst();
    if (!row || row.firmStatus !== 1) return undefined;
    return {
      firmId: row.firmId,
      name: row.name,
      variantId: '',
      orderable: row.available === 1 && row.takesOrders === 1,
      // its menu's hours, on the firm's clock: breakfast is not ordered at dinner time
      serving: isServingAt(parseServingHours(row.servingHours), row.timezone, clock()),
      left: null,
    };
  }

  async function setQuantity(userId: string, input: CartItemInput): Promise<void> {
    if (input.quantity === 0) {
      // a line goes whatever became of its product or variant since it was added
      await db
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('item_type', '=', input.itemType)
        .where('item_id', '=', input.itemId)
        .where('variant_id', '=', input.variantId ?? '')
        .execute();
      return;
    }
    const found = await item(input, userId);
    if (!found) throw notFound('This item does not exist.');
    if (!found.orderable) {
      throw new HttpError(422, `"${found.name}" cannot be ordered here.`, 'item_unavailable', {
        itemId: ['This firm does not take orders of it.'],
      });
    }
    if (!found.serving) {
      throw new HttpError(422, `"${found.name}" is not served at this hour.`, 'menu_not_serving', {
        itemId: ['Its menu is not served at this hour.'],
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
        variant_id: found.variantId,
        quantity: input.quantity,
        added_at: clock().toISOString(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'item_type', 'item_id', 'variant_id']).doUpdateSet({ quantity: input.quantity }))
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
        .leftJoin('product_variants as v', (join) => join.onRef('v.id', '=', 'ci.variant_id').onRef('v.product_id', '=', 'p.id'))
        // a standing waitlist offer of the line's units to this user: those units are theirs to order
        .leftJoin('waitlist_entries as w', (join) =>
          join
            .on((eb) => eb('w.line_id', '=', eb.fn.coalesce('v.id', 'p.id')))
            .on('w.user_id', '=', userId)
            .on('w.status', '=', WAITLIST_STATUS.offered)
            .on('w.offered_until', '>', clock().toISOString()),
        )
        .select([
          'ci.item_id as itemId',
          'w.quantity as held',
          ...VARIANT_LINE_COLUMNS,
          (eb) =>
            eb.exists(eb.selectFrom('product_variants as pv').select('pv.id').whereRef('pv.product_id', '=', 'p.id')).as('hasVariants'),
          'ci.quantity',
          'ci.added_at as addedAt',
          'ci.firm_id as firmId',
          'f.name as firmName',
          'f.username as firmUsername',
          'f.opening_hours as openingHours',
          'f.timezone',
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
          'f.opening_hours as openingHours',
          'f.timezone',
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
    type CartRow = { firmId: string; firmName: string; firmUsername: string; openingHours: string; timezone: string };
    const add = (row: CartRow & { currency: string; addedAt: string }, line: CartLine) => {
      let cart = byFirm.get(row.firmId);
      if (!cart) {
        cart = {
          firmId: row.firmId,
          firmName: row.firmName,
          firmUsername: row.firmUsername,
          openingHours: parseOpeningHours(row.openingHours),
          timezone: row.timezone,
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
      const sale = productSale(p);
      const sold = { ...sale, left: sale.left === null ? null : sale.left + (p.held ?? 0) };
      add(p, {
        itemType: 'product',
        itemId: p.itemId,
        shortId: p.shortId,
        name: p.name,
        variantId: p.variantId,
        variantName: p.variantName,
        unitPrice: sold.price,
        quantity: p.quantity,
        available: p.firmStatus === 1 && sold.sellable && (sold.left === null || sold.left >= p.quantity),
        stockLeft: sold.left,
        ...imageFields(p),
      });
    }
    for (const m of menuItems) {
      add(m, {
        itemType: 'menu_item',
        itemId: m.itemId,
        shortId: m.shortId,
        name: m.name,
        variantId: null,
        variantName: null,
        unitPrice: m.price,
        quantity: m.quantity,
        available: m.firmStatus === 1 && m.available === 1 && m.takesOrders === 1,
        stockLeft: null,
        ...imageFields(m),
      });
    }
    return [...byFirm.values()]
      .sort((a, b) => b.newest.localeCompare(a.newest))
      .map(({ newest: _newest, ...cart }) => ({
        ...cart,
        lines: cart.lines.sort((a, b) => a.name.localeCompare(b.name) || (a.variantName ?? '').localeCompare(b.variantName ?? '')),
      }));
  }

  return { setQuantity, clear, carts };
}

/** What productSale reads of a cart line's variant (`ci` the line, `v` its variant, left-joined). */
export const VARIANT_LINE_COLUMNS = [
  'ci.variant_id as chosenVariant',
  'v.id as variantId',
  'v.name as variantName',
  'v.price_minor as variantPrice',
  'v.stock as variantStock',
  'v.sold as variantSold',
  'v.track_stock as variantTrackStock',
] as const;

interface VariantStock {
  id: string;
  name: string;
  stock: number;
  sold: number;
  trackStock: number;
}

/** The variant a line names: one of the product's (another product's, or none, is refused). */
function chosenVariant<V extends VariantStock>(variants: V[], variantId: string | null | undefined): V {
  if (!variantId) {
    throw new HttpError(400, 'Choose a variant of this product (its size or colour).', 'variant_required', {
      variantId: ['Choose a variant.'],
    });
  }
  const variant = variants.find((row) => row.id === variantId);
  if (!variant) throw new HttpError(404, 'This variant is not one of this product.', 'variant_not_found');
  return variant;
}

/** Only a product with variants takes a variant id. */
function noVariant(variantId: string | null | undefined): undefined {
  if (variantId) {
    throw new HttpError(400, 'This item has no variants.', 'variant_not_allowed', { variantId: ['This item has no variants.'] });
  }
  return undefined;
}

/**
 * A product line's price and stock at today's values: its variant's when it names one, the
 * product's own otherwise; not sellable when that no longer matches the product (a variant
 * removed since, or variants added to a product that was in the cart without one).
 */
export function productSale(line: {
  price: number;
  stock: number;
  sold: number;
  trackStock: number;
  chosenVariant: string;
  variantId: string | null;
  variantPrice: number | null;
  variantStock: number | null;
  variantSold: number | null;
  variantTrackStock: number | null;
  hasVariants: unknown;
}): { price: number; left: number | null; sellable: boolean } {
  if (line.chosenVariant === '') {
    const left = line.trackStock === 1 ? Math.max(0, line.stock - line.sold) : null;
    return { price: line.price, left, sellable: !truthy(line.hasVariants) };
  }
  if (line.variantId === null) return { price: line.price, left: 0, sellable: false };
  const left = line.variantTrackStock === 1 ? Math.max(0, line.variantStock! - line.variantSold!) : null;
  return { price: line.variantPrice!, left, sellable: true };
}

/** EXISTS answers 1/0 on SQLite and true/false on PostgreSQL. */
const truthy = (value: unknown) => value === true || Number(value) === 1;
