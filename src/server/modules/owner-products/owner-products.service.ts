import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Paged } from '../../../shared/paging';
import type { OwnerProduct, OwnerVariant, ProductInputData, ProductVariantInput, StockMovement } from '../../../shared/owner-catalogue';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { badRequest, notFound } from '../../lib/errors';
import { randomId, shortId } from '../../lib/ids';
import { paged } from '../../lib/paging';
import { assertCanCreate } from '../../lib/plans';
import { assertFirmImage, conflict } from '../../lib/workspace-content';
import { audienceOf, isFollowersOnly } from '../../../shared/audience';

type Trx = Transaction<Database>;

function gallery(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** A product's pictures in their order: the main one (`image_path`) then the gallery's. */
function picturesOf(row: { image_path: string | null; gallery: string }): string[] {
  return row.image_path ? [row.image_path, ...gallery(row.gallery)] : [];
}

/**
 * The owner's shop and inventory. `stock` is what was received in total and `sold`
 * what orders took (src/server/modules/orders/holds.ts takes it with a conditional UPDATE), so
 * what is left is `stock − sold`. An adjustment changes `stock` with one conditional UPDATE
 * (`stock + delta >= sold`: never below zero, whatever runs at the same time) and appends its
 * movement to the log in the same transaction; the log is never updated or deleted by the API.
 */
/** Units a restock brings are first offered to the product's waitlist (src/server/modules/waitlist/offers.ts). */
type OfferFreeStock = (
  trx: Transaction<Database>,
  lines: { kind: 'stock'; productId: string; variantId: string | null }[],
) => Promise<void>;

export function createOwnerProductService(db: Kysely<Database>, clock: () => Date, offerFreeStock?: OfferFreeStock) {
  function productQuery(executor: Kysely<Database> | Trx = db) {
    return executor
      .selectFrom('products as p')
      .leftJoin('media as m', 'm.id', 'p.image_path')
      .select([
        'p.id',
        'p.short_id as shortId',
        'p.name',
        'p.description',
        'p.price_minor as price',
        'p.compare_at_minor as compareAtPrice',
        'p.currency',
        'p.sku',
        'p.gallery',
        'p.track_stock as trackStock',
        'p.stock',
        'p.sold',
        'p.low_stock_at as lowStockAt',
        'p.created_at as createdAt',
        'p.published',
        'p.audience',
        'p.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

  /** The products' variants in their order, by product id. */
  async function variantsOf(productIds: string[], lowStockAt: Map<string, number>, executor: Kysely<Database> | Trx = db) {
    const byProduct = new Map<string, OwnerVariant[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await executor
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'name', 'price_minor', 'sku', 'track_stock', 'stock', 'sold'])
      .where('product_id', 'in', productIds)
      .orderBy('position')
      .orderBy('created_at')
      .execute();
    for (const row of rows) {
      const available = Math.max(0, row.stock - row.sold);
      const list = byProduct.get(row.product_id) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        price: row.price_minor,
        sku: row.sku,
        trackStock: row.track_stock === 1,
        stock: row.stock,
        sold: row.sold,
        available,
        low: row.track_stock === 1 && available <= (lowStockAt.get(row.product_id) ?? 0),
      });
      byProduct.set(row.product_id, list);
    }
    return byProduct;
  }

  async function toProducts(rows: Row[], executor: Kysely<Database> | Trx = db): Promise<OwnerProduct[]> {
    const variants = await variantsOf(
      rows.map((row) => row.id),
      new Map(rows.map((row) => [row.id, row.lowStockAt])),
      executor,
    );
    return rows.map((row) => toProduct(row, variants.get(row.id) ?? []));
  }

  const toProduct = (row: Row, variants: OwnerVariant[]): OwnerProduct => {
    const available = Math.max(0, row.stock - row.sold);
    return {
      id: row.id,
      shortId: row.shortId,
      name: row.name,
      description: row.description,
      price: row.price,
      compareAtPrice: row.compareAtPrice,
      currency: row.currency,
      sku: row.sku,
      images: picturesOf({ image_path: row.imagePath, gallery: row.gallery }),
      trackStock: row.trackStock === 1,
      stock: row.stock,
      sold: row.sold,
      available,
      lowStockAt: row.lowStockAt,
      low: variants.length > 0 ? variants.some((variant) => variant.low) : row.trackStock === 1 && available <= row.lowStockAt,
      published: row.published === 1,
      followersOnly: isFollowersOnly(row.audience),
      createdAt: row.createdAt,
      variants,
      ...imageFields(row),
    };
  };

  async function read(id: string, executor: Kysely<Database> | Trx = db): Promise<OwnerProduct> {
    const row = await productQuery(executor).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Product not found.');
    return (await toProducts([row], executor))[0];
  }

  /** The firm's products, the newest first; `low`: only tracked ones at or below their mark (the inventory's filter). */
  async function list(firmId: string, page: number, size: number, lowOnly = false): Promise<Paged<OwnerProduct>> {
    let rows = productQuery().where('p.firm_id', '=', firmId);
    let count = db
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('p.firm_id', '=', firmId);
    if (lowOnly) {
      // a product without variants at or below its mark, or one with a variant that is
      const low = (eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) => {
        const variants = eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id');
        return eb.or([
          eb.and([
            eb.not(eb.exists(variants)),
            eb('p.track_stock', '=', 1),
            eb(eb('p.stock', '-', eb.ref('p.sold')), '<=', eb.ref('p.low_stock_at')),
          ]),
          eb.exists(
            variants.where('v.track_stock', '=', 1).where((v) => v(v('v.stock', '-', v.ref('v.sold')), '<=', v.ref('p.low_stock_at'))),
          ),
        ]);
      };
      rows = rows.where(low);
      count = count.where(low);
    }
    const [total, found] = await Promise.all([
      count.executeTakeFirstOrThrow(),
      rows
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(await toProducts(found), page, size, Number(total.total));
  }

  async function checkImages(trx: Trx, firmId: string, images: string[], current: string[]) {
    const errors: Record<string, string[]> = {};
    for (const [index, image] of images.entries()) {
      if (current.includes(image)) continue;
      await assertFirmImage(trx, firmId, image, null, `images.${index}`).catch((error: { errors?: Record<string, string[]> }) => {
        Object.assign(errors, error.errors);
      });
    }
    if (Object.keys(errors).length > 0) throw badRequest('Bad request – please check your input.', errors);
  }

  const values = (input: ProductInputData) => ({
    name: input.name,
    description: input.description,
    // with variants, the product's price is the lowest of theirs (the "from" price of the lists)
    price_minor: input.variants.length > 0 ? Math.min(...input.variants.map((variant) => variant.price)) : input.price,
    compare_at_minor: input.compareAtPrice,
    currency: input.currency,
    sku: input.sku,
    image_path: input.images[0] ?? null,
    gallery: JSON.stringify(input.images.slice(1)),
    track_stock: input.trackStock ? 1 : 0,
    low_stock_at: input.lowStockAt,
    audience: audienceOf(input.followersOnly),
  });

  /** `POST /products`: within the plan (CREATE_PRODUCT); the initial stock is the log's first movement. */
  async function create(firmId: string, userId: string, input: ProductInputData): Promise<OwnerProduct> {
    const id = randomId();
    const now = clock().toISOString();
    await db.transaction().execute(async (trx) => {
      await checkImages(trx, firmId, input.images, []);
      await assertCanCreate(trx, firmId, 'CREATE_PRODUCT', clock());
      const stock = input.trackStock ? input.initialStock : 0;
      await trx
        .insertInto('products')
        // a draft until published: visitors see it once the owner shows it
        .values({ id, short_id: shortId(), firm_id: firmId, stock, sold: 0, created_at: now, published: 0, ...values(input) })
        .execute();
      await logInitialStock(trx, { firmId, userId, productId: id, variantId: null, stock, now });
      await saveVariants(trx, firmId, userId, id, input.variants);
    });
    return read(id);
  }

  /**
   * A product's variants as the save names them, inside its transaction: the named ones updated,
   * the new ones created (their initial stock the first movement of their log), the others
   * deleted. A SKU another product or variant of the firm uses is a field error, nothing saved.
   */
  async function saveVariants(trx: Trx, firmId: string, userId: string, productId: string, input: ProductVariantInput[]) {
    const now = clock().toISOString();
    const existing = await trx.selectFrom('product_variants').select(['id']).where('product_id', '=', productId).execute();
    const known = new Set(existing.map((row) => row.id));
    const errors: Record<string, string[]> = {};
    for (const [index, variant] of input.entries()) {
      if (variant.id && !known.has(variant.id)) errors[`variants.${index}.id`] = ['validation.unknownVariant'];
    }
    const skus = input.flatMap((variant) => (variant.sku ? [variant.sku] : []));
    if (skus.length > 0) {
      const [variantSkus, productSkus] = await Promise.all([
        trx
          .selectFrom('product_variants')
          .select('sku')
          .where('firm_id', '=', firmId)
          .where('product_id', '!=', productId)
          .where('sku', 'in', skus)
          .execute(),
        trx
          .selectFrom('products')
          .select('sku')
          .where('firm_id', '=', firmId)
          .where('id', '!=', productId)
          .where('sku', 'in', skus)
          .execute(),
      ]);
      const taken = new Set([...variantSkus, ...productSkus].map((row) => row.sku));
      for (const [index, variant] of input.entries()) {
        if (variant.sku && taken.has(variant.sku)) errors[`variants.${index}.sku`] = ['validation.skuTaken'];
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest('Bad request – please check your input.', errors);
    const kept = new Set(input.flatMap((variant) => (variant.id ? [variant.id] : [])));
    const gone = [...known].filter((id) => !kept.has(id));
    if (gone.length > 0) {
      await trx.deleteFrom('stock_movements').where('variant_id', 'in', gone).execute();
      await trx.deleteFrom('product_variants').where('id', 'in', gone).execute();
    }
    // names and SKUs may swap between kept variants: free them first (the unique indexes check each statement)
    for (const id of kept) {
      await trx
        .updateTable('product_variants')
        .set({ name: `#${id}`, sku: null })
        .where('id', '=', id)
        .execute();
    }
    for (const [position, variant] of input.entries()) {
      const fields = {
        name: variant.name,
        price_minor: variant.price,
        sku: variant.sku,
        track_stock: variant.trackStock ? 1 : 0,
        position,
      };
      if (variant.id) {
        await trx.updateTable('product_variants').set(fields).where('id', '=', variant.id).execute();
        continue;
      }
      const id = randomId();
      const stock = variant.trackStock ? variant.initialStock : 0;
      await trx
        .insertInto('product_variants')
        .values({ id, product_id: productId, firm_id: firmId, stock, sold: 0, created_at: now, ...fields })
        .execute();
      await logInitialStock(trx, { firmId, userId, productId, variantId: id, stock, now });
    }
  }

  /** A new product's or variant's initial stock as the first movement of its log (none when it starts at 0). */
  async function logInitialStock(
    trx: Trx,
    start: { firmId: string; userId: string; productId: string; variantId: string | null; stock: number; now: string },
  ) {
    if (start.stock <= 0) return;
    await trx
      .insertInto('stock_movements')
      .values({
        id: randomId(),
        product_id: start.productId,
        variant_id: start.variantId,
        firm_id: start.firmId,
        delta: start.stock,
        reason: 'received',
        note: null,
        available_after: start.stock,
        user_id: start.userId,
        created_at: start.now,
      })
      .execute();
  }

  /** `PUT /products/{id}`: the product's details and variants, in one transaction (stock changes only through adjustments). */
  async function update(
    firmId: string,
    userId: string,
    id: string,
    input: ProductInputData,
  ): Promise<{ product: OwnerProduct; released: string[] }> {
    let released: string[] = [];
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('products')
        .select(['image_path', 'gallery', 'sold', 'currency'])
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!current) throw notFound('Product not found.');
      const before = picturesOf(current);
      await checkImages(trx, firmId, input.images, before);
      await trx.updateTable('products').set(values(input)).where('id', '=', id).execute();
      await saveVariants(trx, firmId, userId, id, input.variants);
      released = before.filter((image) => !input.images.includes(image));
    });
    return { product: await read(id), released };
  }

  /** `PATCH /products/{id}/published`: shows the product to visitors, or hides it. */
  async function setPublished(firmId: string, id: string, published: boolean): Promise<OwnerProduct> {
    const result = await db
      .updateTable('products')
      .set({ published: published ? 1 : 0 })
      .where('id', '=', id)
      .where('firm_id', '=', firmId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('Product not found.');
    return read(id);
  }

  /** `DELETE /products/{id}`: a product never ordered (else its orders would lose their line's product); returns its pictures to release. */
  async function remove(firmId: string, id: string): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('products')
        .select(['image_path', 'gallery'])
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!current) throw notFound('Product not found.');
      const ordered = await trx.selectFrom('order_lines').select('id').where('item_id', '=', id).limit(1).executeTakeFirst();
      if (ordered) throw conflict('This product was ordered: it cannot be deleted (set its stock to 0 instead).', 'product_ordered');
      await trx.deleteFrom('stock_movements').where('product_id', '=', id).execute();
      await trx.deleteFrom('product_variants').where('product_id', '=', id).execute();
      await trx.deleteFrom('products').where('id', '=', id).execute();
      return picturesOf(current);
    });
  }

  /**
   * `POST /products/{id}/stock`: one conditional UPDATE then the log row, in one transaction. The
   * UPDATE's condition is the guarantee: however many run at once, what is left never goes below 0.
   */
  async function adjust(
    firmId: string,
    userId: string,
    id: string,
    adjustment: { delta: number; reason: string; note: string | null; variantId?: string | null },
  ): Promise<OwnerProduct> {
    await db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom('products')
        .select(['track_stock'])
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!product) throw notFound('Product not found.');
      const variants = await trx.selectFrom('product_variants').select(['id', 'track_stock']).where('product_id', '=', id).execute();
      const variantId = adjustment.variantId ?? null;
      const variant = variantId === null ? undefined : variants.find((row) => row.id === variantId);
      if (variantId !== null && !variant) throw notFound('Variant not found.');
      if (variantId === null && variants.length > 0) {
        throw badRequest('Choose the variant whose stock changes.', { variantId: ['validation.chooseVariant'] });
      }
      if ((variant ?? product).track_stock !== 1) {
        throw conflict('This product’s stock is not tracked: turn tracking on first.', 'stock_not_tracked');
      }
      const { delta } = adjustment;
      const table = variant ? ('product_variants' as const) : ('products' as const);
      const target = variant ? variant.id : id;
      const result = await trx
        .updateTable(table)
        .set((eb) => ({ stock: eb('stock', '+', delta) }))
        .where('id', '=', target)
        .where((eb) => eb(eb('stock', '+', delta), '>=', eb.ref('sold')))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        throw conflict('Not that many are left in stock: stock cannot go below zero.', 'stock_below_zero', {
          delta: ['validation.stockBelowZero'],
        });
      }
      const after = await trx.selectFrom(table).select(['stock', 'sold']).where('id', '=', target).executeTakeFirstOrThrow();
      await trx
        .insertInto('stock_movements')
        .values({
          id: randomId(),
          product_id: id,
          variant_id: variant?.id ?? null,
          firm_id: firmId,
          delta,
          reason: adjustment.reason,
          note: adjustment.note,
          available_after: after.stock - after.sold,
          user_id: userId,
          created_at: clock().toISOString(),
        })
        .execute();
      if (delta > 0) await offerFreeStock?.(trx, [{ kind: 'stock', productId: id, variantId: variant?.id ?? null }]);
    });
    return read(id);
  }

  /** The product's stock movement log, the latest first. */
  async function movements(firmId: string, id: string, page: number, size: number, variantId?: string): Promise<Paged<StockMovement>> {
    const product = await db.selectFrom('products').select('id').where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (!product) throw notFound('Product not found.');
    const [total, rows] = await Promise.all([
      db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('product_id', '=', id)
        .$if(variantId !== undefined, (q) => q.where('variant_id', '=', variantId!))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('stock_movements as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('product_variants as v', 'v.id', 's.variant_id')
        .select([
          'v.name as variantName',
          's.id',
          's.delta',
          's.reason',
          's.note',
          's.available_after as availableAfter',
          's.created_at as createdAt',
          'u.first_name as userName',
        ])
        .where('s.product_id', '=', id)
        .$if(variantId !== undefined, (q) => q.where('s.variant_id', '=', variantId!))
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows, page, size, Number(total.total));
  }

  return { read, list, create, update, setPublished, remove, adjust, movements };
}
