import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import { languageUpdateSchema, profileUpdateSchema, successSchema } from '../../../shared/auth';
import { authResponseSchema } from '../../../shared/user';
import { requireUser, userOf } from '../../lib/auth-context';
import { HttpError } from '../../lib/errors';
import { storeImage } from '../../lib/media';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import type { AuthService } from './auth.service';

const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const tags = ['Profile'];

const update = createRoute({
  method: 'put',
  path: '/profile',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: "Updates the user's names and date preferences",
  request: { body: { required: true, content: { 'application/json': { schema: profileUpdateSchema } } } },
  responses: { 200: json(authResponseSchema, 'The updated user.', 'AuthResponse'), ...problems(400, 401) },
});
const language = createRoute({
  method: 'put',
  path: '/profile/language',
  tags,
  security: SIGNED_IN,
  middleware: [requireUser],
  summary: "Sets the user's interface language (en, ar or fr): the language of the mails they get",
  request: { body: { required: true, content: { 'application/json': { schema: languageUpdateSchema } } } },
  responses: { 200: json(successSchema, 'Saved.', 'Success'), ...problems(400, 401) },
});
const image = createRoute({
  method: 'post',
  path: '/profile/image',
  tags,
  security: SIGNED_IN,
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: IMAGE_MAX_BYTES,
      onError: () => {
        throw new HttpError(413, 'The image is too large (8 MB at most).');
      },
    }),
  ],
  summary: "Sets the user's picture (8 MB at most)",
  // Read by the handler (a missing or unreadable file has its own messages), so described, not a zod schema.
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } }, required: ['image'] },
        },
      },
    },
  },
  responses: { 200: json(authResponseSchema, 'The user with the new picture.', 'AuthResponse'), ...problems(400, 401, 413) },
});

/** `/api/iam/profile` (names and preferences) and `/api/iam/profile/image` (the picture). */
export function profileRoutes({ deps, service }: { deps: AppDeps; service: AuthService }) {
  return createRouter()
    .openapi(update, async (c) => {
      const user = await userOf(c);
      const updated = await service.updateProfile(user.id, c.req.valid('json'));
      return c.json({ success: true, user: updated }, 200);
    })
    .openapi(language, async (c) => {
      const user = await userOf(c);
      await service.setLanguage(user.id, c.req.valid('json').language);
      return c.json({ success: true }, 200);
    })
    .openapi(image, async (c) => {
      const user = await userOf(c);
      const form = await c.req.parseBody();
      const file = form.image;
      if (!(file instanceof File) || file.size === 0) {
        throw new HttpError(400, 'Choose an image to upload.', 'validation_failed', { image: ['validation.required'] });
      }
      let stored;
      try {
        stored = await storeImage(deps.db, deps.env.dataDir, Buffer.from(await file.arrayBuffer()), { now: deps.clock() });
      } catch (error) {
        deps.logger.info({ err: error }, 'profile image refused');
        throw new HttpError(400, 'This file is not an image we can read.', 'validation_failed', { image: ['validation.image'] });
      }
      const updated = await service.setImage(user.id, stored.id);
      return c.json({ success: true, user: updated }, 200);
    });
}
