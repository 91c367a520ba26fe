import type { AppDeps } from '../../app-deps';
import { productPageSchema, productQuerySchema } from '../../../shared/products';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { createProductService } from './products.service';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Products'],
  summary: 'Products, of one firm or all, paged',
  request: { query: productQuerySchema },
  responses: { 200: json(productPageSchema, 'A page of products.', 'ProductPage'), ...problems(400) },
});

/** `/api/public/products?page&size&firmId`. */
export function productRoutes({ db }: AppDeps) {
  const products = createProductService(db);
  return createRouter().openapi(list, async (c) => {
    const { page, size, firmId } = c.req.valid('query');
    return c.json(await products.list(page, size, firmId), 200, PUBLIC_CACHE);
  });
}
