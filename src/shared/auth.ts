import { z } from 'zod';
import { plainName } from './plain-name';
import { MINIMUM_AGE, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { LANGUAGES } from './i18n';

/**
 * Request and response schemas of the auth API (`/api/iam`), shared by the client forms and the
 * server routes. Error messages are i18n keys of the client `auth` namespace (`validation.*`);
 * the server returns them as they are in the per-field `errors` of a 400 problem.
 */

export const CODE_LENGTH = 6;
/** Six-digit email codes live ten minutes and allow five wrong tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const NAME_MAX = 60;

/** Whole years between a yyyy-mm-dd birth date and `today`. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const emailSchema = z.string().trim().toLowerCase().min(1).max(254).email();
export const newPasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const nameSchema = plainName(1, NAME_MAX);
export const codeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`));

export const dateOfBirthSchema = z.iso
  .date()
  .refine((value) => ageOn(value) >= MINIMUM_AGE, { message: 'validation.tooYoung' })
  .refine((value) => ageOn(value) <= 130, { message: 'validation.dateOfBirth' });

/** Session info, sent at login and signup. */
export const sessionInfoSchema = z.object({
  deviceType: z.string().trim().max(40).default(''),
  deviceOs: z.string().trim().max(40).default(''),
  osVersion: z.string().trim().max(40).default(''),
  browser: z.string().trim().max(60).default(''),
  userAgent: z.string().trim().max(512).default(''),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export type SessionInfoInput = z.input<typeof sessionInfoSchema>;

export const emailLoginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
  sessionInfo: sessionInfoSchema.optional(),
});
export type EmailLoginInput = z.input<typeof emailLoginSchema>;

export const signupStartSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  dateOfBirth: dateOfBirthSchema,
});
export type SignupStartInput = z.input<typeof signupStartSchema>;

export const signupCompleteSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  sessionInfo: sessionInfoSchema.optional(),
});
export type SignupCompleteInput = z.input<typeof signupCompleteSchema>;

export const googleLoginSchema = z.object({
  idToken: z.string().min(10).max(8192),
  sessionInfo: sessionInfoSchema.optional(),
});

export const googleConfigSchema = z.object({
  enabled: z.boolean(),
  clientId: z.string().nullable(),
  authorizationEndpoint: z.string(),
  /** the nonce the id token must carry; the server keeps it in an HttpOnly cookie too */
  nonce: z.string(),
});
export type GoogleConfig = z.infer<typeof googleConfigSchema>;

export const profileUpdateSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  regionPreference: z.enum(['US', 'EU']).optional(),
  hourFormat: z.union([z.literal(12), z.literal(24)]).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The interface language of a member: the language of the mails they get. */
export const languageUpdateSchema = z.object({ language: z.enum(LANGUAGES) });
export type LanguageUpdateInput = z.input<typeof languageUpdateSchema>;

export const passwordResetStartSchema = z.object({ email: emailSchema });
export const passwordResetCompleteSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordSchema,
});
export type PasswordResetCompleteInput = z.input<typeof passwordResetCompleteSchema>;

export const successSchema = z.object({ success: z.boolean() });

/** One signed-in device on the sessions page. */
export const sessionSummarySchema = z.object({
  id: z.string(),
  deviceType: z.string(),
  deviceOs: z.string(),
  osVersion: z.string(),
  browser: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
export const sessionListSchema = z.array(sessionSummarySchema);
