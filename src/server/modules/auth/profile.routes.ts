import type { AppDeps } from '../../app-deps';
import { languageUpdateSchema, profileUpdateSchema, successSchema } from '../../../shared/auth';
import { authResponseSchema } from '../../../shared/user';
import { requireUser, userOf } from '../../lib/auth-context';
import { IMAGE_MAX_BYTES, imageUpload } from '../../lib/media';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import type { AuthService } from './auth.service';

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
/** `/api/iam/profile` (names and preferences) and `/api/iam/profile/image` (the picture). */
export function profileRoutes({ deps, service }: { deps: AppDeps; service: AuthService }) {
  const upload = imageUpload(deps);
  const image = createRoute({
    method: 'post',
    path: '/profile/image',
    tags,
    security: SIGNED_IN,
    middleware: [requireUser, ...upload.guards],
    summary: `Sets the user's picture (${IMAGE_MAX_BYTES / (1024 * 1024)} MB at most)`,
    description: 'JPEG, PNG, WebP, GIF or AVIF, 40 megapixels at most; SVG is refused. The previous picture is deleted.',
    // Read by the pipeline (a missing or unreadable file has its own messages), so described, not a zod schema.
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
    responses: {
      200: json(authResponseSchema, 'The user with the new picture.', 'AuthResponse'),
      ...problems(400, 401, 413, 429, 503),
    },
  });

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
      const stored = await upload.store(c, { uploadedBy: user.id });
      const { previous, user: updated } = await service.setImage(user.id, stored.id);
      await upload.discard(previous);
      return c.json({ success: true, user: updated }, 200);
    });
}
