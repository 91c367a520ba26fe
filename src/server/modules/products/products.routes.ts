import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { productQuerySchema } from '../../../shared/products';
import { validate } from '../../lib/validate';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createProductService } from './products.service';

/** `/api/public/products?page&size&firmId`. */
export function productRoutes({ db }: AppDeps) {
  const products = createProductService(db);
  return new Hono<AppEnv>().get('/', validate('query', productQuerySchema), async (c) => {
    const { page, size, firmId } = c.req.valid('query');
    return c.json(await products.list(page, size, firmId), 200, PUBLIC_CACHE);
  });
}
