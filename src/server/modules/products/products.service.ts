import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Product } from '../../../shared/products';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';

export function createProductService(db: Kysely<Database>) {
  async function list(page: number, size: number, firmId?: string): Promise<Paged<Product>> {
    const base = () => {
      const q = db.selectFrom('products as p').innerJoin('firms as f', 'f.id', 'p.firm_id').where('f.status_code', '=', 1);
      return firmId ? q.where('p.firm_id', '=', firmId) : q;
    };
    const [count, rows] = await Promise.all([
      base()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      base()
        .leftJoin('media as m', 'm.id', 'p.image_path')
        .select([
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
        ])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(
      rows.map((row) => ({
        id: row.id,
        shortId: row.shortId,
        firmId: row.firmId,
        name: row.name,
        description: row.description,
        priceMinor: row.priceMinor,
        currency: row.currency,
        inStock: row.trackStock === 0 || row.stock - row.sold > 0,
        ...imageFields(row),
      })),
      page,
      size,
      Number(count.total),
    );
  }
  return { list };
}
