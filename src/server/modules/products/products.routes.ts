import type { AppDeps } from '../../app-deps';
import { z } from 'zod';
import { productDetailSchema, productPageSchema, productQuerySchema } from '../../../shared/products';
import { notFound } from '../../lib/errors';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { viewerOf } from '../../lib/auth-context';
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

const byShortId = createRoute({
  method: 'get',
  path: '/sid/{shortId}',
  tags: ['Products'],
  summary: 'A product by short id, with the firm that sells it',
  request: { params: z.object({ shortId: z.string() }) },
  responses: { 200: json(productDetailSchema, 'The product.', 'ProductDetail'), ...problems(404) },
});

/** `/api/public/products?page&size&firmId` and `/api/public/products/sid/{shortId}`. */
export function productRoutes({ db }: AppDeps) {
  const products = createProductService(db);
  return createRouter()
    .openapi(list, async (c) => {
      const { page, size, firmId } = c.req.valid('query');
      return c.json(await products.list(page, size, await viewerOf(c), firmId), 200, PUBLIC_CACHE);
    })
    .openapi(byShortId, async (c) => {
      const product = await products.byShortId(c.req.valid('param').shortId, await viewerOf(c));
      if (!product) throw notFound('Product not found.');
      return c.json(product, 200, PUBLIC_CACHE);
    });
}
