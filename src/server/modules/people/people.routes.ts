import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { peopleQuerySchema } from '../../../shared/people';
import { currentUser } from '../../lib/auth-context';
import { notFound, unauthenticated } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { paged } from '../../lib/paging';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createPeopleService } from './people.service';

/** `/api/user/profile/profile-by-flip?flip=`: anyone may look; private profiles show less. */
export function profileByFlipRoutes({ db }: AppDeps) {
  const people = createPeopleService(db);
  return new Hono<AppEnv>().get('/profile-by-flip', validate('query', z.object({ flip: z.string().trim().min(1).max(64) })), async (c) => {
    const viewer = await currentUser(c);
    const profile = await people.profileByFlip(c.req.valid('query').flip, viewer?.id);
    if (!profile) throw notFound('Profile not found.');
    return c.json(profile, 200, PRIVATE_NO_STORE);
  });
}

/** `/api/user/people?userId&page&size` (people to discover) and `/api/user/people/friends`. */
export function peopleRoutes({ db }: AppDeps) {
  const people = createPeopleService(db);
  return new Hono<AppEnv>()
    .get('/', validate('query', peopleQuerySchema), async (c) => {
      const viewer = await currentUser(c);
      const { userId, page, size, searchName } = c.req.valid('query');
      return c.json(await people.people(userId ?? viewer?.id, page, size, searchName), 200, PRIVATE_NO_STORE);
    })
    .get('/friends', validate('query', peopleQuerySchema), async (c) => {
      const viewer = await currentUser(c);
      const { userId, page, size, searchName } = c.req.valid('query');
      const subject = userId ?? viewer?.id;
      if (!subject) throw unauthenticated();
      // a private person's friends are visible to that person and their friends only
      if (!(await people.friendsVisible(subject, viewer?.id))) return c.json(paged([], page, size, 0), 200, PRIVATE_NO_STORE);
      return c.json(await people.friends(subject, page, size, searchName), 200, PRIVATE_NO_STORE);
    });
}
