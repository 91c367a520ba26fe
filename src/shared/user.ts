import { z } from 'zod';
import { LANGUAGES } from './i18n';

/** Account states (`statusCode`): only an active account may sign in or stay signed in. */
export const USER_STATUS = { active: 1, deleted: 9 } as const;

/** The signed-in user as the client sees it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  flip: z.string(),
  imagePath: z.string().nullable(),
  totalFriends: z.number().int().min(0),
  statusCode: z.number().int(),
  email: z.string().nullable().optional(),
  regionPreference: z.enum(['US', 'EU']).default('EU'),
  hourFormat: z.union([z.literal(12), z.literal(24)]).default(12),
  /** /profile/settings: smaller pictures and no animations (a data-lite attribute on the page) */
  liteMode: z.boolean().optional(),
  /** /profile/settings: help texts under page titles, switches and choices (components/ui/help-text.tsx) */
  helpText: z.boolean().optional(),
  /** the interface language the member last used: their mails are written in it */
  language: z.enum(LANGUAGES).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = z.object({ success: z.boolean(), user: sessionUserSchema.nullable() });
export type AuthResponse = z.infer<typeof authResponseSchema>;
