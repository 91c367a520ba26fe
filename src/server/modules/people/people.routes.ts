import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { peopleQuerySchema, personPageSchema, publicProfileSchema } from '../../../shared/people';
import { currentUser } from '../../lib/auth-context';
import { notFound, unauthenticated } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { paged } from '../../lib/paging';
import { createPeopleService } from './people.service';

const tags = ['People'];

const profileByFlip = createRoute({
  method: 'get',
  path: '/profile-by-flip',
  tags,
  summary: "A member's public profile by flip (private profiles show less)",
  request: { query: z.object({ flip: z.string().trim().min(1).max(64) }) },
  responses: { 200: json(publicProfileSchema, 'The profile, as the caller may see it.', 'PublicProfile'), ...problems(400, 404) },
});
const people = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'People to discover (not the caller, nor `userId`)',
  request: { query: peopleQuerySchema },
  responses: { 200: json(personPageSchema, 'A page of people.', 'PersonPage'), ...problems(400) },
});
const friends = createRoute({
  method: 'get',
  path: '/friends',
  tags,
  summary: "A member's friends (the caller's without `userId`); a private member's only for friends",
  request: { query: peopleQuerySchema },
  responses: { 200: json(personPageSchema, 'A page of people (empty when not visible).', 'PersonPage'), ...problems(400, 401) },
});

/** `/api/user/profile/profile-by-flip?flip=`: anyone may look; private profiles show less. */
export function profileByFlipRoutes({ db }: AppDeps) {
  const service = createPeopleService(db);
  return createRouter().openapi(profileByFlip, async (c) => {
    const viewer = await currentUser(c);
    const profile = await service.profileByFlip(c.req.valid('query').flip, viewer?.id);
    if (!profile) throw notFound('Profile not found.');
    return c.json(profile, 200, PRIVATE_NO_STORE);
  });
}

/** `/api/user/people?userId&page&size` (people to discover) and `/api/user/people/friends`. */
export function peopleRoutes({ db }: AppDeps) {
  const service = createPeopleService(db);
  return createRouter()
    .openapi(people, async (c) => {
      const viewer = await currentUser(c);
      const { userId, page, size, searchName } = c.req.valid('query');
      return c.json(await service.people(userId ?? viewer?.id, page, size, searchName), 200, PRIVATE_NO_STORE);
    })
    .openapi(friends, async (c) => {
      const viewer = await currentUser(c);
      const { userId, page, size, searchName } = c.req.valid('query');
      const subject = userId ?? viewer?.id;
      if (!subject) throw unauthenticated();
      // a private person's friends are visible to that person and their friends only
      if (!(await service.friendsVisible(subject, viewer?.id))) return c.json(paged([], page, size, 0), 200, PRIVATE_NO_STORE);
      return c.json(await service.friends(subject, page, size, searchName), 200, PRIVATE_NO_STORE);
    });
}
