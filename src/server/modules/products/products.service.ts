import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fewLeft, type Product, type ProductDetail } from '../../../shared/products';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { isFollowersOnly } from '../../../shared/audience';
import { visibleTo } from '../firm-followers/audience';

export function createProductService(db: Kysely<Database>) {
  const columns = [
    'p.id',
    'p.short_id as shortId',
    'p.firm_id as firmId',
    'p.name',
    'p.description',
    'p.price_minor as priceMinor',
    'p.currency',
    'p.stock',
    'p.sold',
    'p.track_stock as trackStock',
    'p.audience',
    'p.image_path as imagePath',
    ...MEDIA_COLUMNS,
  ] as const;
  // a product with variants is in stock while one of them is (its own stock no longer counts)
  const variantCounts = [
    sql<number>`(select count(*) from product_variants v where v.product_id = p.id)`.as('variantCount'),
    sql<number>`(select count(*) from product_variants v where v.product_id = p.id and (v.track_stock = 0 or v.stock > v.sold))`.as(
      'variantsInStock',
    ),
  ];
  const toProduct = (row: {
    id: string;
    shortId: string;
    firmId: string;
    name: string;
    description: string | null;
    priceMinor: number;
    currency: string;
    stock: number;
    sold: number;
    trackStock: number;
    audience: number;
    variantCount: number | string;
    variantsInStock: number | string;
    imagePath: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
    imageColor: string | null;
  }): Product => ({
    id: row.id,
    shortId: row.shortId,
    firmId: row.firmId,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency,
    inStock: Number(row.variantCount) > 0 ? Number(row.variantsInStock) > 0 : row.trackStock === 0 || row.stock - row.sold > 0,
    hasVariants: Number(row.variantCount) > 0,
    followersOnly: isFollowersOnly(row.audience),
    ...imageFields(row),
  });

  /** A product's page by short id (a firm that is not active has none). */
  async function byShortId(shortId: string, viewer: string | undefined): Promise<ProductDetail | undefined> {
    const row = await db
      .selectFrom('products as p')
      .innerJoin('firms as f', 'f.id', 'p.firm_id')
      .leftJoin('media as m', 'm.id', 'p.image_path')
      .select([
        ...columns,
        ...variantCounts,
        'p.compare_at_minor as compareAtMinor',
        'p.low_stock_at as lowStockAt',
        'f.name as firmName',
        'f.username as firmUsername',
        'f.image_path as firmImagePath',
      ])
      .where('p.short_id', '=', shortId)
      .where('p.published', '=', 1)
      .where('f.status_code', '=', 1)
      .where(visibleTo(viewer, 'p.firm_id', 'p.audience'))
      .executeTakeFirst();
    if (!row) return undefined;
    const variants = await db
      .selectFrom('product_variants')
      .select(['id', 'name', 'price_minor as priceMinor', 'track_stock', 'stock', 'sold'])
      .where('product_id', '=', row.id)
      .orderBy('position')
      .orderBy('created_at')
      .execute();
    const product = toProduct(row);
    return {
      ...product,
      // a reduction only: a compare-at price at or below today's price says nothing
      compareAtMinor: row.compareAtMinor !== null && row.compareAtMinor > row.priceMinor ? row.compareAtMinor : null,
      fewLeft: product.hasVariants
        ? null
        : fewLeft({ trackStock: row.trackStock === 1, stock: row.stock, sold: row.sold, lowStockAt: row.lowStockAt }),
      firmName: row.firmName,
      firmUsername: row.firmUsername,
      firmImagePath: row.firmImagePath,
      // whether each can be had, and how many only when few are left
      variants: variants.map((v) => ({
        id: v.id,
        name: v.name,
        priceMinor: v.priceMinor,
        inStock: v.track_stock === 0 || v.stock > v.sold,
        fewLeft: fewLeft({ trackStock: v.track_stock === 1, stock: v.stock, sold: v.sold, lowStockAt: row.lowStockAt }),
      })),
    };
  }

  async function list(page: number, size: number, viewer: string | undefined, firmId?: string): Promise<Paged<Product>> {
    const base = () => {
      const q = db
        .selectFrom('products as p')
        .innerJoin('firms as f', 'f.id', 'p.firm_id')
        .where('f.status_code', '=', 1)
        .where('p.published', '=', 1)
        .where(visibleTo(viewer, 'p.firm_id', 'p.audience'));
      return firmId ? q.where('p.firm_id', '=', firmId) : q;
    };
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      base()
        .leftJoin('media as m', 'm.id', 'p.image_path')
        .select([...columns, ...variantCounts])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toProduct), page, size, Number(count.total));
  }
  return { list, byShortId };
}
