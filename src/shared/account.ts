import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { REQUEST_POLICIES } from './friendships';
import { codeSchema, emailSchema, newPasswordSchema } from './auth';
import { sessionUserSchema } from './user';

/**
 * The account pages of /profile: settings (language, theme, lite mode, help texts), preferences
 * (region, hour format), privacy (private profile, who may send requests), addresses, payments,
 * and the account itself (email, password, export, deletion). Messages are i18n keys (`validation.*`).
 */
export const THEMES = ['default', 'bright', 'dark', 'blackout'] as const;

export const accountSettingsSchema = z.object({
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  liteMode: z.boolean(),
  helpText: z.boolean(),
  regionPreference: z.enum(['US', 'EU']),
  hourFormat: z.union([z.literal(12), z.literal(24)]),
  isPrivate: z.boolean(),
  friendRequestsFrom: z.enum(REQUEST_POLICIES),
  email: z.string().nullable(),
  /** false for an account made with Google only: no current password to ask for */
  hasPassword: z.boolean(),
  /** when the account goes, if its owner asked to delete it */
  deletionDueAt: z.string().nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsUpdateSchema = accountSettingsSchema
  .pick({
    language: true,
    theme: true,
    liteMode: true,
    helpText: true,
    regionPreference: true,
    hourFormat: true,
    isPrivate: true,
    friendRequestsFrom: true,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'validation.required' });
export type AccountSettingsUpdate = z.infer<typeof accountSettingsUpdateSchema>;

/** The settings after a change, and the signed-in user as every page reads it (dates follow at once). */
export const accountSettingsAnswerSchema = z.object({ settings: accountSettingsSchema, user: sessionUserSchema });
export type AccountSettingsAnswer = z.infer<typeof accountSettingsAnswerSchema>;

// ---- addresses ----

/** Where shop orders can be delivered. */
export const ADDRESS_COUNTRIES = [
  'AE',
  'AT',
  'BE',
  'CA',
  'CH',
  'DE',
  'DK',
  'DZ',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'IE',
  'IT',
  'JO',
  'LB',
  'LU',
  'MA',
  'NL',
  'NO',
  'PL',
  'PT',
  'QA',
  'SA',
  'SE',
  'TN',
  'TR',
  'US',
] as const;

export const addressInputSchema = z.object({
  label: z.string().trim().max(40).default(''),
  recipient: z.string().trim().min(1).max(100),
  line1: z.string().trim().min(3).max(200),
  line2: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1).max(100),
  postalCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/, { message: 'validation.postalCode' }),
  country: z.enum(ADDRESS_COUNTRIES),
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[0-9][0-9 ().-]{5,19}$/, { message: 'validation.phone' })
    .default(''),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  label: z.string(),
  recipient: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListSchema = z.array(addressSchema);
/** a person keeps at most this many */
export const ADDRESSES_MAX = 10;

// ---- payments (what the ledger recorded of the user's payments; no card is kept by Souk) ----

export const paymentRecordSchema = z.object({
  reference: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.string(),
  method: z.string().nullable(),
  provider: z.string(),
  createdAt: z.string(),
});
export const paymentRecordsSchema = z.object({ provider: z.string(), payments: z.array(paymentRecordSchema) });
export type PaymentRecords = z.infer<typeof paymentRecordsSchema>;

// ---- the account ----

export const emailChangeStartSchema = z.object({ newEmail: emailSchema, password: z.string().max(200).optional() });
export const emailChangeCompleteSchema = z.object({ newEmail: emailSchema, code: codeSchema });
export const passwordChangeSchema = z.object({ currentPassword: z.string().max(200).optional(), newPassword: newPasswordSchema });
export const deletionStartSchema = z.object({ password: z.string().max(200).optional() });
export const deletionConfirmSchema = z.object({ code: codeSchema });
/** Days between asking to delete an account and its removal: time to change one's mind. */
export const DELETION_GRACE_DAYS = 14;
