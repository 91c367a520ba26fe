import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  accountSettingsAnswerSchema,
  accountSettingsSchema,
  accountSettingsUpdateSchema,
  addressInputSchema,
  addressListSchema,
  deletionConfirmSchema,
  deletionStartSchema,
  emailChangeCompleteSchema,
  emailChangeStartSchema,
  passwordChangeSchema,
  paymentRecordsSchema,
} from '../../../shared/account';
import { successSchema } from '../../../shared/auth';
import { authResponseSchema } from '../../../shared/user';
import { requireUser, userOf } from '../../lib/auth-context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, problems, SIGNED_IN } from '../../lib/openapi';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import type { AuthService } from '../auth/auth.service';
import { createAccountPagesService } from './account.service';

const tags = ['Account'];
const signedIn = { tags, security: SIGNED_IN, middleware: [requireUser] };
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });

const getSettings = createRoute({
  ...signedIn,
  method: 'get',
  path: '/settings',
  summary: 'The account’s settings, preferences and privacy',
  responses: { 200: json(accountSettingsSchema, 'The settings.', 'AccountSettings'), ...problems(401) },
});
const putSettings = createRoute({
  ...signedIn,
  method: 'put',
  path: '/settings',
  summary: 'Changes some settings (language, theme, lite mode, help texts, region, hour format, privacy, who may send requests)',
  request: body(accountSettingsUpdateSchema),
  responses: {
    200: json(accountSettingsAnswerSchema, 'The settings and the user after the change.', 'AccountSettingsAnswer'),
    ...problems(400, 401),
  },
});
const listAddresses = createRoute({
  ...signedIn,
  method: 'get',
  path: '/addresses',
  summary: 'Delivery addresses for shop orders, the default first',
  responses: { 200: json(addressListSchema, 'The addresses.', 'AddressList'), ...problems(401) },
});
const addAddress = createRoute({
  ...signedIn,
  method: 'post',
  path: '/addresses',
  summary: 'Adds a delivery address (10 at most; the first is the default)',
  request: body(addressInputSchema),
  responses: { 201: json(addressListSchema, 'The addresses now.', 'AddressList'), ...problems(400, 401, 409) },
});
const editAddress = createRoute({
  ...signedIn,
  method: 'put',
  path: '/addresses/{id}',
  summary: 'Changes one of the caller’s addresses',
  request: { params: idParam, ...body(addressInputSchema) },
  responses: { 200: json(addressListSchema, 'The addresses now.', 'AddressList'), ...problems(400, 401, 404) },
});
const removeAddress = createRoute({
  ...signedIn,
  method: 'delete',
  path: '/addresses/{id}',
  summary: 'Removes one of the caller’s addresses (the next becomes the default)',
  request: { params: idParam },
  responses: { 200: json(addressListSchema, 'The addresses now.', 'AddressList'), ...problems(401, 404) },
});
const listPayments = createRoute({
  ...signedIn,
  method: 'get',
  path: '/payments',
  summary: 'The caller’s payments as the payment provider recorded them (Souk keeps no card)',
  responses: { 200: json(paymentRecordsSchema, 'The provider and the payments.', 'PaymentRecords'), ...problems(401) },
});
const emailStart = createRoute({
  ...signedIn,
  method: 'post',
  path: '/email',
  summary: 'Sends a code to a new email address (the current password is asked when the account has one)',
  description:
    'An address that belongs to another account gets no code; the answer is the same, so it says nothing about who has an account.',
  request: body(emailChangeStartSchema),
  responses: { 200: json(successSchema, 'A code went to the new address.', 'Success'), ...problems(400, 401, 429) },
});
const emailConfirm = createRoute({
  ...signedIn,
  method: 'post',
  path: '/email/confirm',
  summary: 'Makes the new address the account’s with the code it received',
  request: body(emailChangeCompleteSchema),
  responses: { 200: json(authResponseSchema, 'The user with the new address.', 'AuthResponse'), ...problems(400, 401) },
});
const password = createRoute({
  ...signedIn,
  method: 'put',
  path: '/password',
  summary: 'Changes the password (the current one is asked when there is one); every other login ends',
  request: body(passwordChangeSchema),
  responses: { 200: json(successSchema, 'Changed.', 'Success'), ...problems(400, 401, 429) },
});
const exportData = createRoute({
  ...signedIn,
  method: 'get',
  path: '/export',
  summary: 'Everything Souk holds about the caller, as a JSON file',
  responses: { 200: json(z.record(z.string(), z.unknown()), 'The data (a download).', 'AccountExport'), ...problems(401, 429) },
});
const deletionStart = createRoute({
  ...signedIn,
  method: 'post',
  path: '/deletion',
  summary: 'Mails a code that confirms deleting the account (the current password is asked when there is one)',
  request: body(deletionStartSchema),
  responses: { 200: json(successSchema, 'A code went to the account’s address.', 'Success'), ...problems(400, 401, 409, 429) },
});
const deletionConfirm = createRoute({
  ...signedIn,
  method: 'post',
  path: '/deletion/confirm',
  summary: 'Confirms the deletion with the code: the account goes after the grace period',
  request: body(deletionConfirmSchema),
  responses: { 200: json(accountSettingsSchema, 'The settings, with the deletion date.', 'AccountSettings'), ...problems(400, 401) },
});
const deletionCancel = createRoute({
  ...signedIn,
  method: 'delete',
  path: '/deletion',
  summary: 'Keeps the account: the pending deletion stops',
  responses: { 200: json(accountSettingsSchema, 'The settings, with no deletion date.', 'AccountSettings'), ...problems(401) },
});

/** Sensitive account actions (codes mailed, passwords checked, exports built) a person may make in an hour. */
const SENSITIVE_PER_HOUR = 10;

/** `/api/iam/account`: the account pages of /profile (settings, addresses, payments, email, password, export, deletion). */
export function accountRoutes(deps: AppDeps, auth: AuthService) {
  const service = createAccountPagesService(deps);
  const limit = createRateLimiter(deps.rateLimitStore, { name: 'account', max: SENSITIVE_PER_HOUR, windowMs: 60 * 60_000 }, () =>
    deps.clock().getTime(),
  );
  const guard = async (userId: string) => {
    const verdict = await limit.consume(userId);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many account changes: try again later');
  };
  return createRouter()
    .openapi(getSettings, async (c) => c.json(await service.settings((await userOf(c)).id), 200, PRIVATE_NO_STORE))
    .openapi(putSettings, async (c) =>
      c.json(await service.updateSettings((await userOf(c)).id, c.req.valid('json')), 200, PRIVATE_NO_STORE),
    )
    .openapi(listAddresses, async (c) => c.json(await service.addresses((await userOf(c)).id), 200, PRIVATE_NO_STORE))
    .openapi(addAddress, async (c) => c.json(await service.saveAddress((await userOf(c)).id, c.req.valid('json')), 201, PRIVATE_NO_STORE))
    .openapi(editAddress, async (c) =>
      c.json(await service.saveAddress((await userOf(c)).id, c.req.valid('json'), c.req.valid('param').id), 200, PRIVATE_NO_STORE),
    )
    .openapi(removeAddress, async (c) =>
      c.json(await service.removeAddress((await userOf(c)).id, c.req.valid('param').id), 200, PRIVATE_NO_STORE),
    )
    .openapi(listPayments, async (c) => c.json(await service.payments((await userOf(c)).id), 200, PRIVATE_NO_STORE))
    .openapi(emailStart, async (c) => {
      const user = await userOf(c);
      await guard(user.id);
      const { newEmail, password: current } = c.req.valid('json');
      await service.startEmailChange(user.id, newEmail, current);
      return c.json({ success: true }, 200);
    })
    .openapi(emailConfirm, async (c) => {
      const { newEmail, code } = c.req.valid('json');
      return c.json(await service.completeEmailChange((await userOf(c)).id, newEmail, code), 200, PRIVATE_NO_STORE);
    })
    .openapi(password, async (c) => {
      const user = await userOf(c);
      await guard(user.id);
      const { currentPassword, newPassword } = c.req.valid('json');
      const sessionId = c.get('authSessionId');
      await service.changePassword(user.id, currentPassword, newPassword, () =>
        auth.revokeSessions({ userId: user.id, ...(sessionId ? { exceptSessionId: sessionId } : {}) }, 'password changed'),
      );
      return c.json({ success: true }, 200);
    })
    .openapi(exportData, async (c) => {
      const user = await userOf(c);
      await guard(user.id);
      const data = await service.exportData(user.id);
      const day = deps.clock().toISOString().slice(0, 10);
      return c.json(data, 200, { ...PRIVATE_NO_STORE, 'Content-Disposition': `attachment; filename="souk-data-${day}.json"` });
    })
    .openapi(deletionStart, async (c) => {
      const user = await userOf(c);
      await guard(user.id);
      await service.startDeletion(user.id, c.req.valid('json').password);
      return c.json({ success: true }, 200);
    })
    .openapi(deletionConfirm, async (c) =>
      c.json(await service.confirmDeletion((await userOf(c)).id, c.req.valid('json').code), 200, PRIVATE_NO_STORE),
    )
    .openapi(deletionCancel, async (c) => c.json(await service.cancelDeletion((await userOf(c)).id), 200, PRIVATE_NO_STORE));
}
