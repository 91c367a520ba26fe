import type { AppDeps } from '../../app-deps';
import {
  ownerProductPageSchema,
  ownerProductQuerySchema,
  ownerProductSchema,
  productInputSchema,
  publishedInputSchema,
  stockAdjustmentSchema,
  stockMovementPageSchema,
  stockMovementQuerySchema,
} from '../../../shared/owner-catalogue';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { contentImages } from '../../lib/workspace-content';
import { createOwnerProductService } from './owner-products.service';
import { createWaitlistOffers } from '../waitlist/offers';

const tags = ['Workspace: shop and inventory'];
const security = SIGNED_IN;
const productFirm = entityFirm('products', 'id');
const productResponse = json(ownerProductSchema, 'The product.', 'OwnerProduct');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.view')],
  summary: "The firm's products with their stock, the newest first (`low=1`: only those at or below their low-stock mark)",
  request: { query: ownerProductQuerySchema },
  responses: { 200: json(ownerProductPageSchema, 'A page of products.', 'OwnerProductPage'), ...problems(400, 401, 403) },
});
const read = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.view', productFirm)],
  summary: 'A product as its editor reads it',
  request: { params: idParam },
  responses: { 200: productResponse, ...problems(401, 403, 404) },
});
const create = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit')],
  summary: 'Adds a product, if the plan allows one more (CREATE_PRODUCT); its initial stock is the first movement of its log',
  request: { query: firmIdQuerySchema, body: jsonBody(productInputSchema) },
  responses: { 201: productResponse, ...problems(400, 401, 403) },
});
const update = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', productFirm)],
  summary: "Saves the product's details, pictures and variants in one transaction (stock changes only through adjustments)",
  description:
    'Variants named by `id` are updated, new ones (no `id`) created with their initial stock, the others deleted. Variant names are unique per product and SKUs per firm (400 with field errors, nothing saved).',
  request: { params: idParam, body: jsonBody(productInputSchema) },
  responses: { 200: productResponse, ...problems(400, 401, 403, 404) },
});
const publish = createRoute({
  method: 'patch',
  path: '/{id}/published',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', productFirm)],
  summary: 'Shows the product on the public pages, or hides it (kept in the workspace, with its stock)',
  request: { params: idParam, body: jsonBody(publishedInputSchema) },
  responses: { 200: productResponse, ...problems(400, 401, 403, 404) },
});
const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', productFirm)],
  summary: 'Deletes a product nobody ordered (409 `product_ordered` otherwise)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted.' }, ...problems(401, 403, 404, 409) },
});
const adjust = createRoute({
  method: 'post',
  path: '/{id}/stock',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', productFirm)],
  summary:
    "Adjusts the stock (a variant's, with `variantId`, required when the product has variants) with a reason; the movement is appended to the log",
  description: 'Never below zero, however many adjustments and orders run at once: 409 `stock_below_zero`, nothing saved.',
  request: { params: idParam, body: jsonBody(stockAdjustmentSchema) },
  responses: { 200: productResponse, ...problems(400, 401, 403, 404, 409) },
});
const movements = createRoute({
  method: 'get',
  path: '/{id}/movements',
  tags,
  security,
  middleware: [requireEmployment('catalogue.view', productFirm)],
  summary: "The product's stock movements, the latest first (the append-only log)",
  request: { params: idParam, query: stockMovementQuerySchema },
  responses: { 200: json(stockMovementPageSchema, 'A page of movements.', 'StockMovementPage'), ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/products`: the shop's products, their pictures, stock adjustments and log. */
export function ownerProductRoutes(deps: AppDeps) {
  const products = createOwnerProductService(deps.db, deps.clock, createWaitlistOffers(deps).offerFree);
  const images = contentImages(deps);
  const router = createRouter();
  images.mount(router, { tags, permission: 'catalogue.edit', what: 'a product' });
  return router
    .openapi(list, async (c) => {
      const { page, size, low } = c.req.valid('query');
      return c.json(await products.list(employmentOf(c).firmId, page, size, low === '1'), 200, PRIVATE_NO_STORE);
    })
    .openapi(read, async (c) => c.json(await products.read(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(create, async (c) => {
      const employment = employmentOf(c);
      return c.json(await products.create(employment.firmId, employment.userId, c.req.valid('json')), 201, PRIVATE_NO_STORE);
    })
    .openapi(update, async (c) => {
      const employment = employmentOf(c);
      const { product, released } = await products.update(
        employment.firmId,
        employment.userId,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      await images.discardUnused(released);
      return c.json(product, 200, PRIVATE_NO_STORE);
    })
    .openapi(publish, async (c) =>
      c.json(
        await products.setPublished(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').published),
        200,
        PRIVATE_NO_STORE,
      ),
    )
    .openapi(remove, async (c) => {
      await images.discardUnused(await products.remove(employmentOf(c).firmId, c.req.valid('param').id));
      return c.body(null, 204);
    })
    .openapi(adjust, async (c) => {
      const employment = employmentOf(c);
      return c.json(
        await products.adjust(employment.firmId, employment.userId, c.req.valid('param').id, c.req.valid('json')),
        200,
        PRIVATE_NO_STORE,
      );
    })
    .openapi(movements, async (c) => {
      const { page, size, variantId } = c.req.valid('query');
      return c.json(
        await products.movements(employmentOf(c).firmId, c.req.valid('param').id, page, size, variantId),
        200,
        PRIVATE_NO_STORE,
      );
    });
}
