import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  promoCheckSchema,
  promoCodeInputSchema,
  promoCodeListSchema,
  promoCodeSchema,
  promoTargetOptionsSchema,
  promoTermsSchema,
} from '../../../shared/promotions';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { normalizeLanguage } from '../../../shared/i18n';
import { requestLanguage } from '../../../shared/request-language';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { defineFollowerOfferJobs } from './follower-offers';
import { usablePromo } from './promo-uses';
import { createPromotionService } from './promotions.service';

const tags = ['Workspace: promotions'];
const security = SIGNED_IN;
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('promotions.manage')],
  summary: "The firm's promo codes, the newest first, with their uses so far",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(promoCodeListSchema, 'The codes.', 'PromoCodeList'), ...problems(400, 401, 403) },
});
const targets = createRoute({
  method: 'get',
  path: '/targets',
  tags,
  security,
  middleware: [requireEmployment('promotions.manage')],
  summary: 'What a new code may apply to: the events still to be sold with their ticket tiers, and the products',
  request: { query: firmIdQuerySchema },
  responses: { 200: json(promoTargetOptionsSchema, 'The events, tiers and products.', 'PromoTargetOptions'), ...problems(400, 401, 403) },
});
const create = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('promotions.manage')],
  summary: 'Creates a promo code: a percentage or an amount off, for the whole firm or chosen events, tiers and products',
  description:
    'With `forFollowers`, only approved followers may use it, and each follower (now, or who follows while it runs) is told of it once, ' +
    'in the app and by mail if they consented to the firm’s marketing mail, from its start. ' +
    'Problems by `code`: promo_code_taken (409, the same text ignoring case), unknown_target (422).',
  request: { query: firmIdQuerySchema, body: body(promoCodeInputSchema) },
  responses: { 201: json(promoCodeSchema, 'The code.', 'PromoCode'), ...problems(400, 401, 403, 409, 422) },
});
const deactivate = createRoute({
  method: 'post',
  path: '/{codeId}/deactivate',
  tags,
  security,
  middleware: [requireEmployment('promotions.manage')],
  summary: 'Deactivates a promo code: no new order may use it',
  request: { query: firmIdQuerySchema, params: z.object({ codeId: z.string().min(1).max(64) }) },
  responses: { 200: json(promoCodeSchema, 'The code, inactive.', 'PromoCode'), ...problems(400, 401, 403, 404) },
});

/** `/api/dashboard/promotions`: a firm's promo codes. */
export function promotionRoutes(deps: AppDeps) {
  const promotions = createPromotionService(deps);
  defineFollowerOfferJobs(deps);
  return createRouter()
    .openapi(list, async (c) => c.json({ codes: await promotions.list(c.req.valid('query').firmId) }, 200, PRIVATE_NO_STORE))
    .openapi(targets, async (c) => c.json(await promotions.targetOptions(c.req.valid('query').firmId), 200, PRIVATE_NO_STORE))
    .openapi(create, async (c) => {
      const employment = employmentOf(c);
      return c.json(await promotions.create(employment.firmId, employment.userId, c.req.valid('json')), 201, PRIVATE_NO_STORE);
    })
    .openapi(deactivate, async (c) =>
      c.json(await promotions.deactivate(employmentOf(c).firmId, c.req.valid('param').codeId), 200, PRIVATE_NO_STORE),
    );
}

const check = createRoute({
  method: 'post',
  path: '/check',
  tags: ['Orders'],
  security,
  summary: "Whether the caller may use a firm's promo code now, and what it does (the purchase form and the cart show the discount)",
  description:
    'Refusals, their detail in the caller’s language: promo_unknown, promo_not_started, promo_expired (422), promo_exhausted, promo_used (409). ' +
    'Whether it fits the lines (promo_not_applicable, promo_below_minimum) is judged with `promoOutcome` (src/shared/promotions.ts) and again at checkout.',
  request: { body: body(promoCheckSchema) },
  responses: { 200: json(promoTermsSchema, 'What the code does.', 'PromoTerms'), ...problems(400, 401, 403, 409, 422) },
});

/** `/api/user/promo-codes`: a buyer's code, checked before checkout. */
export function promoCheckRoutes({ db, clock }: AppDeps) {
  const router = createRouter();
  router.use(requireUser);
  return router.openapi(check, async (c) => {
    const user = await userOf(c);
    const { firmId, code } = c.req.valid('json');
    const ask = { firmId, code, buyerId: user.id, at: clock().toISOString(), language: normalizeLanguage(requestLanguage(c.req.raw)) };
    return c.json((await usablePromo(db, ask)).terms, 200, PRIVATE_NO_STORE);
  });
}
