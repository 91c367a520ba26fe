import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { tierSale } from '../../../shared/events';
import { EVENT_STATUS, EVENT_VISIBILITY } from '../../../shared/owner-events';
import { TILL_EVENT_HOURS, type TillCatalogue, type TillItem, type TillSaleLine } from '../../../shared/till';
import { problem } from '../orders/order-context';

/**
 * What the till sells: the dishes of the firm's published menus, by section (one tile for the dish
 * as it comes and one per option, priced with it), its published products, one tile per
 * variant, and the tiers on sale of its events starting soon. The same rows price a sale when it
 * reaches the server.
 */

/** A sale's line as the firm's catalogue has it now. */
export interface StockedItem {
  name: string;
  price: number;
  currency: string;
  available: boolean;
  /** a product's variant, or a dish's option (no id: options are named) */
  variant: { id: string | null; name: string } | null;
  /** a ticket's event */
  eventId?: string;
}

const variantName = (product: string, variant: string) => `${product} — ${variant}`;

type DishOption = { name: string; priceDelta: number };
const optionsOf = (json: string | null): DishOption[] => (json ? (JSON.parse(json) as DishOption[]) : []);
/** never below nothing, whatever an option takes off */
const optionPrice = (price: number, option: DishOption) => Math.max(0, price + option.priceDelta);

async function productRows(db: Kysely<Database>, firmId: string, productIds?: string[]) {
  let products = db
    .selectFrom('products')
    .select(['id', 'name', 'price_minor', 'currency', 'published', 'stock', 'sold', 'track_stock'])
    .where('firm_id', '=', firmId);
  if (productIds) products = products.where('id', 'in', productIds);
  const rows = await products.orderBy('name').orderBy('id').execute();
  const variants = rows.length
    ? await db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'name', 'price_minor', 'stock', 'sold', 'track_stock'])
        .where(
          'product_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return rows.map((row) => ({ ...row, variants: variants.filter((v) => v.product_id === row.id) }));
}

function dishRows(db: Kysely<Database>, firmId: string) {
  return db
    .selectFrom('menu_items as m')
    .innerJoin('menus as mn', 'mn.id', 'm.menu_id')
    .innerJoin('menu_sections as s', 's.id', 'm.section_id')
    .select(['m.id', 'm.name', 'm.price_minor', 'm.currency', 'm.available', 'm.options', 'mn.published', 's.id as sectionId'])
    .select(['s.name as sectionName', 'mn.name as menuName'])
    .where('mn.firm_id', '=', firmId);
}

/** The tiers of the firm's events, with what the till names, prices and counts them by. */
function tierRows(db: Kysely<Database>, firmId: string) {
  return db
    .selectFrom('ticket_categories as tc')
    .innerJoin('events as e', 'e.id', 'tc.event_id')
    .select(['tc.id', 'tc.name', 'tc.price_minor', 'tc.capacity', 'tc.sold', 'tc.hidden', 'tc.sales_start as salesStart'])
    .select(['tc.sales_end as salesEnd', 'e.id as eventId', 'e.name as eventName', 'e.currency', 'e.start_date_time as startDateTime'])
    .select(['e.capacity as eventCapacity', 'e.sold as eventSold'])
    .where('e.firm_id', '=', firmId);
}

/** The events the till sells tickets of: published, not private, starting within the next hours, soonest first. */
function soonTiers(db: Kysely<Database>, firmId: string, now: Date) {
  const until = new Date(now.getTime() + TILL_EVENT_HOURS * 3_600_000).toISOString();
  return tierRows(db, firmId)
    .where('e.status_code', '=', EVENT_STATUS.PUBLISHED)
    .where('e.visibility', '!=', EVENT_VISIBILITY.PRIVATE)
    .where('e.start_date_time', '>', now.toISOString())
    .where('e.start_date_time', '<=', until)
    .where('tc.hidden', '=', 0)
    .orderBy('e.start_date_time')
    .orderBy('e.id')
    .orderBy('tc.sort')
    .orderBy('tc.id')
    .execute();
}

const left = (row: { stock: number; sold: number; track_stock: number }) => (row.track_stock === 1 ? row.stock - row.sold : null);

/** The firm's catalogue for the till's grid. */
export async function tillCatalogueGroups(db: Kysely<Database>, firmId: string, now: Date): Promise<TillCatalogue['groups']> {
  const [dishes, products, tiers] = await Promise.all([
    dishRows(db, firmId).where('mn.published', '=', 1).orderBy('mn.sort').orderBy('s.sort').orderBy('m.sort').execute(),
    productRows(db, firmId),
    soonTiers(db, firmId, now),
  ]);
  const groups: TillCatalogue['groups'] = [];
  for (const dish of dishes) {
    let group = groups.find((g) => g.key === dish.sectionId);
    if (!group) {
      group = { key: dish.sectionId, name: dish.sectionName ?? dish.menuName, items: [] };
      groups.push(group);
    }
    const tile = {
      kind: 'menu_item',
      itemId: dish.id,
      variantId: null,
      eventId: null,
      left: null,
      available: dish.available === 1,
    } as const;
    group.items.push({ ...tile, option: null, name: dish.name, priceMinor: dish.price_minor });
    for (const option of optionsOf(dish.options)) {
      group.items.push({
        ...tile,
        option: option.name,
        name: variantName(dish.name, option.name),
        priceMinor: optionPrice(dish.price_minor, option),
      });
    }
  }
  const shop: TillItem[] = products
    .filter((p) => p.published === 1)
    .flatMap((p): TillItem[] =>
      p.variants.length
        ? p.variants.map((v) => ({
            kind: 'product',
            itemId: p.id,
            variantId: v.id,
            option: null,
            eventId: null,
            name: variantName(p.name, v.name),
            priceMinor: v.price_minor,
            left: left(v),
            available: true,
          }))
        : [
            {
              kind: 'product',
              itemId: p.id,
              variantId: null,
              option: null,
              eventId: null,
              name: p.name,
              priceMinor: p.price_minor,
              left: left(p),
              available: true,
            },
          ],
    );
  if (shop.length) groups.push({ key: 'shop', name: null, items: shop });
  for (const tier of tiers) {
    const key = `event-${tier.eventId}`;
    let group = groups.find((g) => g.key === key);
    if (!group) groups.push((group = { key, name: tier.eventName, items: [] }));
    group.items.push({
      kind: 'ticket',
      itemId: tier.id,
      variantId: null,
      option: null,
      eventId: tier.eventId,
      name: variantName(tier.eventName, tier.name),
      priceMinor: tier.price_minor,
      // the tier's places, or the event's when fewer are left of it
      left: Math.min(tier.capacity - tier.sold, tier.eventCapacity - tier.eventSold),
      available: tierSale(tier, now) === 'on_sale',
    });
  }
  return groups;
}

const unknownItem = () =>
  problem(422, 'till_item_unknown', 'Something in this sale is not sold by this firm any more: reload the till.', {
    lines: ['Not one of this firm’s items.'],
  });

/** Each line's item as it is now, in the lines' order; a line naming no item of this firm is refused. */
export async function readTillItems(db: Kysely<Database>, firmId: string, lines: TillSaleLine[]): Promise<StockedItem[]> {
  const dishIds = lines.filter((l) => l.kind === 'menu_item').map((l) => l.itemId);
  const productIds = lines.filter((l) => l.kind === 'product').map((l) => l.itemId);
  const tierIds = lines.filter((l) => l.kind === 'ticket').map((l) => l.itemId);
  const [dishes, products, tiers] = await Promise.all([
    dishIds.length ? dishRows(db, firmId).where('m.id', 'in', dishIds).execute() : [],
    productIds.length ? productRows(db, firmId, productIds) : [],
    tierIds.length ? tierRows(db, firmId).where('tc.id', 'in', tierIds).execute() : [],
  ]);
  return lines.map((line) => {
    if (line.kind === 'ticket') {
      const tier = tiers.find((t) => t.id === line.itemId);
      if (!tier) throw unknownItem();
      // whether the tier sells now is the sale rules' to say (checked again where the seats are taken)
      const name = variantName(tier.eventName, tier.name);
      return { name, price: tier.price_minor, currency: tier.currency, available: true, variant: null, eventId: tier.eventId };
    }
    if (line.kind === 'menu_item') {
      const dish = dishes.find((d) => d.id === line.itemId);
      if (!dish) throw unknownItem();
      const available = dish.available === 1 && dish.published === 1;
      if (!line.option) return { name: dish.name, price: dish.price_minor, currency: dish.currency, available, variant: null };
      const option = optionsOf(dish.options).find((o) => o.name === line.option);
      if (!option) throw unknownItem();
      return {
        name: variantName(dish.name, option.name),
        price: optionPrice(dish.price_minor, option),
        currency: dish.currency,
        available,
        variant: { id: null, name: option.name },
      };
    }
    const product = products.find((p) => p.id === line.itemId);
    if (!product) throw unknownItem();
    const available = product.published === 1;
    if (!product.variants.length && !line.variantId) {
      return { name: product.name, price: product.price_minor, currency: product.currency, available, variant: null };
    }
    const variant = product.variants.find((v) => v.id === line.variantId);
    if (!variant) throw unknownItem();
    return {
      name: variantName(product.name, variant.name),
      price: variant.price_minor,
      currency: product.currency,
      available,
      variant: { id: variant.id, name: variant.name },
    };
  });
}
