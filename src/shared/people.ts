import { z } from 'zod';
import { PEOPLE_PAGE_SIZE } from './limits';
import { pagedSchema } from './paging';
import { savedEntrySchema } from './saved';
import { imageFieldsSchema } from './image-fields';

/** How the viewer relates to a person (the blocked are shown 'none'; src/shared/friendships.ts). */
export const FRIENDSHIP_STATES = ['none', 'self', 'friends', 'requested', 'incoming', 'blocking'] as const;
export type FriendshipState = (typeof FRIENDSHIP_STATES)[number];

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  flip: z.string(),
  imagePath: z.string().nullable(),
  /** in people searches and request lists: how the caller relates to them */
  friendship: z.enum(FRIENDSHIP_STATES).optional(),
  /** in request lists: when the request was sent */
  since: z.string().optional(),
});
export type Person = z.infer<typeof personSchema>;
export const personPageSchema = pagedSchema(personSchema);

/** An upcoming event on a profile (one the person saved). */
export const profileEventSchema = imageFieldsSchema.extend({
  shortId: z.string(),
  name: z.string(),
  startDateTime: z.string(),
  /** the venue's time zone: the time is printed on its wall clock */
  timezone: z.string(),
  firmName: z.string(),
});
export type ProfileEvent = z.infer<typeof profileEventSchema>;

/**
 * A public profile. What a private profile keeps for friends (the friend count and list, saved
 * items, upcoming events, since when) is null for anyone else, and for anyone in a block with
 * them, who is shown exactly what a stranger is shown of a private profile closed to requests.
 */
export const publicProfileSchema = z.object({
  id: z.string(),
  flip: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imagePath: z.string().nullable(),
  isPrivate: z.boolean(),
  /** null when the profile is private and the viewer is not a friend */
  totalFriends: z.number().int().nullable(),
  memberSince: z.string().nullable(),
  friendship: z.enum(FRIENDSHIP_STATES),
  /** whether the viewer may send a request now (their privacy setting, blocks) */
  canRequest: z.boolean(),
  /** a few of their friends (null when hidden) */
  friends: z.array(personSchema).nullable(),
  /** places and posts they saved (null when hidden) */
  saved: z.array(savedEntrySchema).nullable(),
  /** upcoming events they saved (null when hidden) */
  upcomingEvents: z.array(profileEventSchema).nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const peopleQuerySchema = z.object({
  userId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .default(PEOPLE_PAGE_SIZE)
    .transform((size) => Math.min(size, PEOPLE_PAGE_SIZE)),
  searchName: z.string().trim().max(100).optional(),
});

/**
 * The stored status of a friendship row (one row per pair of people). `pending`: requester asked
 * addressee. `blocked`: requester blocked addressee. `blocked_both`: each blocked the other.
 */
export const FRIENDSHIP_STATUS = { accepted: 'accepted', pending: 'pending', blocked: 'blocked', blockedBoth: 'blocked_both' } as const;
