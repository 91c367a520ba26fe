import { z } from 'zod';
import { PEOPLE_PAGE_SIZE } from './limits';
import { pagedSchema } from './paging';

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  flip: z.string(),
  imagePath: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;
export const personPageSchema = pagedSchema(personSchema);

export const FRIENDSHIP_STATES = ['none', 'self', 'friends', 'requested', 'incoming'] as const;

/** A public profile; a private one leaves out the friend count and details unless viewer is a friend. */
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
