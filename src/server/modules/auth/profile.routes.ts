import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { profileUpdateSchema } from '../../../shared/auth';
import { requireUser, userOf } from '../../lib/auth-context';
import { HttpError } from '../../lib/errors';
import { storeImage } from '../../lib/media';
import { validate } from '../../lib/validate';
import type { AuthService } from './auth.service';

const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** `/api/iam/profile` (names and preferences) and `/api/iam/profile/image` (the picture). */
export function profileRoutes({ deps, service }: { deps: AppDeps; service: AuthService }) {
  return new Hono<AppEnv>()
    .put('/profile', requireUser, validate('json', profileUpdateSchema), async (c) => {
      const user = await userOf(c);
      const updated = await service.updateProfile(user.id, c.req.valid('json'));
      return c.json({ success: true, user: updated });
    })
    .post(
      '/profile/image',
      requireUser,
      bodyLimit({
        maxSize: IMAGE_MAX_BYTES,
        onError: () => {
          throw new HttpError(413, 'The image is too large (8 MB at most).');
        },
      }),
      async (c) => {
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
        return c.json({ success: true, user: updated });
      },
    );
}
