import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Product, ProductDetail } from '../../../shared/products';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';

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
    'p.image_path as imagePath',
    ...MEDIA_COLUMNS,
  ] as const;
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
    inStock: row.trackStock === 0 || row.stock - row.sold > 0,
    ...imageFields(row),
  });

  /** A product's page by short id (a firm that is not active has none). */
  async function byShortId(shortId: string): Promise<ProductDetail | undefined> {
    const row = await db
      .selectFrom('products as p')
      .innerJoin('firms as f', 'f.id', 'p.firm_id')
      .leftJoin('media as m', 'm.id', 'p.image_path')
      .select([...columns, 'f.name as firmName', 'f.username as firmUsername', 'f.image_path as firmImagePath'])
      .where('p.short_id', '=', shortId)
      .where('p.published', '=', 1)
      .where('f.status_code', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    return { ...toProduct(row), firmName: row.firmName, firmUsername: row.firmUsername, firmImagePath: row.firmImagePath };
  }

  async function list(page: number, size: number, firmId?: string): Promise<Paged<Product>> {
    const base = () => {
      const q = db
        .selectFrom('products as p')
        .innerJoin('firms as f', 'f.id', 'p.firm_id')
        .where('f.status_code', '=', 1)
        .where('p.published', '=', 1);
      return firmId ? q.where('p.firm_id', '=', firmId) : q;
    };
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      base()
        .leftJoin('media as m', 'm.id', 'p.image_path')
        .select([...columns])
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
