import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Paged } from '../../../shared/paging';
import type { OwnerProduct, ProductInputData, StockMovement } from '../../../shared/owner-catalogue';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { badRequest, notFound } from '../../lib/errors';
import { randomId, shortId } from '../../lib/ids';
import { paged } from '../../lib/paging';
import { assertCanCreate } from '../../lib/plans';
import { assertFirmImage, conflict } from '../../lib/workspace-content';

type Trx = Transaction<Database>;

function gallery(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The owner's shop and inventory (issue 11). `stock` is what was received in total and `sold`
 * what orders took (src/server/modules/orders/holds.ts takes it with a conditional UPDATE), so
 * what is left is `stock − sold`. An adjustment changes `stock` with one conditional UPDATE
 * (`stock + delta >= sold`: never below zero, whatever runs at the same time) and appends its
 * movement to the log in the same transaction; the log is never updated or deleted by the API.
 */
export function createOwnerProductService(db: Kysely<Database>, clock: () => Date) {
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
        'p.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;
  const toProduct = (row: Row): OwnerProduct => {
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
      images: row.imagePath ? [row.imagePath, ...gallery(row.gallery)] : [],
      trackStock: row.trackStock === 1,
      stock: row.stock,
      sold: row.sold,
      available,
      lowStockAt: row.lowStockAt,
      low: row.trackStock === 1 && available <= row.lowStockAt,
      published: row.published === 1,
      createdAt: row.createdAt,
      ...imageFields(row),
    };
  };

  async function read(id: string, executor: Kysely<Database> | Trx = db): Promise<OwnerProduct> {
    const row = await productQuery(executor).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Product not found.');
    return toProduct(row);
  }

  /** The firm's products, the newest first; `low`: only tracked ones at or below their mark (the inventory's filter). */
  async function list(firmId: string, page: number, size: number, lowOnly = false): Promise<Paged<OwnerProduct>> {
    let rows = productQuery().where('p.firm_id', '=', firmId);
    let count = db
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('p.firm_id', '=', firmId);
    if (lowOnly) {
      rows = rows.where('p.track_stock', '=', 1).where((eb) => eb(eb('p.stock', '-', eb.ref('p.sold')), '<=', eb.ref('p.low_stock_at')));
      count = count.where('p.track_stock', '=', 1).where((eb) => eb(eb('p.stock', '-', eb.ref('p.sold')), '<=', eb.ref('p.low_stock_at')));
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
    return paged(found.map(toProduct), page, size, Number(total.total));
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
    price_minor: input.price,
    compare_at_minor: input.compareAtPrice,
    currency: input.currency,
    sku: input.sku,
    image_path: input.images[0] ?? null,
    gallery: JSON.stringify(input.images.slice(1)),
    track_stock: input.trackStock ? 1 : 0,
    low_stock_at: input.lowStockAt,
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
        .values({ id, short_id: shortId(), firm_id: firmId, stock, sold: 0, created_at: now, ...values(input) })
        .execute();
      if (stock > 0) {
        await trx
          .insertInto('stock_movements')
          .values({
            id: randomId(),
            product_id: id,
            firm_id: firmId,
            delta: stock,
            reason: 'received',
            note: null,
            available_after: stock,
            user_id: userId,
            created_at: now,
          })
          .execute();
      }
    });
    return read(id);
  }

  /** `PUT /products/{id}`: the product's details (stock changes only through adjustments). */
  async function update(firmId: string, id: string, input: ProductInputData): Promise<{ product: OwnerProduct; released: string[] }> {
    let released: string[] = [];
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('products')
        .select(['image_path', 'gallery', 'sold', 'currency'])
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!current) throw notFound('Product not found.');
      const before = current.image_path ? [current.image_path, ...gallery(current.gallery)] : [];
      await checkImages(trx, firmId, input.images, before);
      await trx.updateTable('products').set(values(input)).where('id', '=', id).execute();
      released = before.filter((image) => !input.images.includes(image));
    });
    return { product: await read(id), released };
  }

  /** `DELETE /products/{id}`: a product never ordered (else its orders would lose their line's product). */
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
      await trx.deleteFrom('products').where('id', '=', id).execute();
      return current.image_path ? [current.image_path, ...gallery(current.gallery)] : [];
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
    adjustment: { delta: number; reason: string; note: string | null },
  ): Promise<OwnerProduct> {
    await db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom('products')
        .select(['track_stock'])
        .where('id', '=', id)
        .where('firm_id', '=', firmId)
        .executeTakeFirst();
      if (!product) throw notFound('Product not found.');
      if (product.track_stock !== 1) throw conflict('This product’s stock is not tracked: turn tracking on first.', 'stock_not_tracked');
      const { delta } = adjustment;
      const result = await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', delta) }))
        .where('id', '=', id)
        .where((eb) => eb(eb('stock', '+', delta), '>=', eb.ref('sold')))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        throw conflict('Not that many are left in stock: stock cannot go below zero.', 'stock_below_zero', {
          delta: ['validation.stockBelowZero'],
        });
      }
      const after = await trx.selectFrom('products').select(['stock', 'sold']).where('id', '=', id).executeTakeFirstOrThrow();
      await trx
        .insertInto('stock_movements')
        .values({
          id: randomId(),
          product_id: id,
          firm_id: firmId,
          delta,
          reason: adjustment.reason,
          note: adjustment.note,
          available_after: after.stock - after.sold,
          user_id: userId,
          created_at: clock().toISOString(),
        })
        .execute();
    });
    return read(id);
  }

  /** The product's stock movement log, the latest first. */
  async function movements(firmId: string, id: string, page: number, size: number): Promise<Paged<StockMovement>> {
    const product = await db.selectFrom('products').select('id').where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (!product) throw notFound('Product not found.');
    const [total, rows] = await Promise.all([
      db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('product_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('stock_movements as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.id',
          's.delta',
          's.reason',
          's.note',
          's.available_after as availableAfter',
          's.created_at as createdAt',
          'u.first_name as userName',
        ])
        .where('s.product_id', '=', id)
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
