import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { peopleQuerySchema, personPageSchema, publicProfileSchema } from '../../../shared/people';
import { friendUpdateQuerySchema, friendUpdateResultSchema } from '../../../shared/friendships';
import { pagingQuery } from '../../../shared/paging';
import { PEOPLE_PAGE_SIZE } from '../../../shared/limits';
import { currentUser, requireUser, userOf } from '../../lib/auth-context';
import { notFound, unauthenticated } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, json, problems, SIGNED_IN } from '../../lib/openapi';
import { paged } from '../../lib/paging';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { createPeopleService } from './people.service';
import { createFriendshipService } from '../friendships/friendships.service';

const tags = ['People'];
const signedIn = { tags, security: SIGNED_IN, middleware: [requireUser] };

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
  summary: 'People to discover (not the caller, nor `userId`, nor anyone in a block with the caller)',
  request: { query: peopleQuerySchema },
  responses: { 200: json(personPageSchema, 'A page of people, with `friendship` when signed in.', 'PersonPage'), ...problems(400) },
});
const friends = createRoute({
  method: 'get',
  path: '/friends',
  tags,
  summary: "A member's friends (the caller's without `userId`); a private member's only for friends",
  request: { query: peopleQuerySchema },
  responses: { 200: json(personPageSchema, 'A page of people (empty when not visible).', 'PersonPage'), ...problems(400, 401) },
});
const updateFriendship = createRoute({
  ...signedIn,
  method: 'post',
  path: '/friends/update',
  summary: 'Friend request, cancel, accept, decline, remove, block, unblock',
  description:
    'One row per pair of people; every action from every state is either a move or refused (src/shared/friendships.ts). ' +
    'Refusals are problem details with `code`: requests_closed (403: their privacy setting, or a block), you_blocked, ' +
    'already_friends, nothing_to_accept, not_possible (409). A move that is already made answers 200 unchanged.',
  request: { query: friendUpdateQuerySchema },
  responses: {
    200: json(friendUpdateResultSchema, 'The relation now, and the caller’s friend count.', 'FriendUpdateResult'),
    ...problems(400, 401, 404, 409, 429),
  },
});
const requests = createRoute({
  ...signedIn,
  method: 'get',
  path: '/requests',
  summary: 'Friend requests the caller received (`incoming`) or sent (`sent`), newest first',
  request: {
    query: z.object({ direction: z.enum(['incoming', 'sent']).default('incoming'), ...pagingQuery(PEOPLE_PAGE_SIZE, PEOPLE_PAGE_SIZE) }),
  },
  responses: { 200: json(personPageSchema, 'A page of people with `since`.', 'PersonPage'), ...problems(400, 401) },
});
const blocked = createRoute({
  ...signedIn,
  method: 'get',
  path: '/blocked',
  summary: 'The people the caller blocked',
  request: { query: z.object(pagingQuery(PEOPLE_PAGE_SIZE, PEOPLE_PAGE_SIZE)) },
  responses: { 200: json(personPageSchema, 'A page of people.', 'PersonPage'), ...problems(400, 401) },
});

/** `/api/user/profile/profile-by-flip?flip=`: anyone may look; private profiles show less. */
export function profileByFlipRoutes({ db, clock }: AppDeps) {
  const service = createPeopleService(db, clock);
  return createRouter().openapi(profileByFlip, async (c) => {
    const viewer = await currentUser(c);
    const profile = await service.profileByFlip(c.req.valid('query').flip, viewer?.id);
    if (!profile) throw notFound('Profile not found.');
    return c.json(profile, 200, PRIVATE_NO_STORE);
  });
}

/** Friend requests a person may send in an hour: plenty for a person, few for a spammer. */
const REQUESTS_PER_HOUR = 60;

/**
 * `/api/user/people`: people to discover, friends, requests, blocks, and
 * `POST /api/user/people/friends/update?targetUserId&action` (the state machine).
 */
export function peopleRoutes(deps: AppDeps) {
  const service = createPeopleService(deps.db, deps.clock);
  const friendships = createFriendshipService(deps);
  const requestLimit = createRateLimiter(
    deps.rateLimitStore,
    { name: 'friend-requests', max: REQUESTS_PER_HOUR, windowMs: 60 * 60_000 },
    () => deps.clock().getTime(),
  );
  return createRouter()
    .openapi(people, async (c) => {
      const viewer = await currentUser(c);
      const { userId, page, size, searchName } = c.req.valid('query');
      return c.json(await service.people(viewer?.id, userId, page, size, searchName), 200, PRIVATE_NO_STORE);
    })
    .openapi(friends, async (c) => {
      const viewer = await currentUser(c);
      const { userId, page, size, searchName } = c.req.valid('query');
      const subject = userId ?? viewer?.id;
      if (!subject) throw unauthenticated();
      // a private person's friends are visible to that person and their friends only; a block hides them
      if (!(await service.friendsVisible(subject, viewer?.id))) return c.json(paged([], page, size, 0), 200, PRIVATE_NO_STORE);
      return c.json(await service.friends(subject, page, size, searchName, viewer?.id), 200, PRIVATE_NO_STORE);
    })
    .openapi(updateFriendship, async (c) => {
      const user = await userOf(c);
      const { targetUserId, action } = c.req.valid('query');
      if (action === 'request') {
        const verdict = await requestLimit.consume(user.id);
        if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many friend requests');
      }
      return c.json(await friendships.update(user.id, targetUserId, action), 200, PRIVATE_NO_STORE);
    })
    .openapi(requests, async (c) => {
      const user = await userOf(c);
      const { direction, page, size } = c.req.valid('query');
      return c.json(await service.requests(user.id, direction, page, size), 200, PRIVATE_NO_STORE);
    })
    .openapi(blocked, async (c) => {
      const user = await userOf(c);
      const { page, size } = c.req.valid('query');
      return c.json(await service.blocked(user.id, page, size), 200, PRIVATE_NO_STORE);
    });
}
