import { z } from 'zod';
import { plainName } from './plain-name';
import { openingIntervalSchema } from './firms';
import { imageFieldsSchema } from './image-fields';
import { LANGUAGES } from './i18n';
import { PERMISSIONS, ROLES, type Permission } from './permissions';
import { PLAN_FEATURE_KEYS, PLAN_KEYS, type PlanFeatureKey } from './plans';
import { isReservedUsername } from './usernames';
import { USERNAME_PATTERN } from './username-pattern';

/** The API shapes of the workspace: firm selection, dash-firm, firm profile, team, plans. */

const roleSchema = z.enum(ROLES);
const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]]);
const planKeySchema = z.enum(PLAN_KEYS);

/** `?firmId=` of every firm-scoped dashboard route. */
export const firmIdQuerySchema = z.object({ firmId: z.string().min(1).max(64) });

/** Employment: one of the signed-in user's active jobs, with what it allows. */
export const employmentSchema = z.object({
  id: z.string(),
  firmId: z.string(),
  firmName: z.string(),
  firmUsername: z.string(),
  firmImagePath: z.string().nullable(),
  firmImageColor: z.string().nullable(),
  profession: z.string().nullable(),
  userRole: roleSchema,
  /** the role's permissions of the written matrix (src/shared/permissions.ts) */
  permissions: z.array(permissionSchema),
});
export type Employment = z.infer<typeof employmentSchema>;
export const employmentListSchema = z.array(employmentSchema);

/** Feature entry. */
const featureEntrySchema = z.object({
  featureKey: z.enum(PLAN_FEATURE_KEYS as [PlanFeatureKey, ...PlanFeatureKey[]]),
  enabled: z.boolean(),
  limit: z.number().int().min(0),
  currentUsage: z.number().int().min(0),
});

const subscriptionInfoSchema = z.object({
  plan: planKeySchema,
  /** end of the paid period; null on the free plan */
  renewsAt: z.string().nullable(),
  features: z.array(featureEntrySchema),
});

/** The firm as its team edits it (business profile and settings). */
export const workspaceFirmSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  username: z.string(),
  name: z.string(),
  description: z.string(),
  industryKey: z.string(),
  categoryKey: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openingHours: z.array(openingIntervalSchema),
  timezone: z.string(),
  minAge: z.number().int(),
  language: z.enum(LANGUAGES),
  currency: z.string(),
  published: z.boolean(),
  /** following the firm is a request its team answers */
  approveFollowers: z.boolean(),
  createdAt: z.string(),
});
export type WorkspaceFirm = z.infer<typeof workspaceFirmSchema>;

/** Firm dashboard data: `GET /api/dashboard/firms/dash-firm?firmId=`. */
export const dashFirmSchema = z.object({
  firm: workspaceFirmSchema,
  employment: employmentSchema,
  subscriptionInfoDto: subscriptionInfoSchema,
});
export type DashFirm = z.infer<typeof dashFirmSchema>;

// ---- the firm's profile: create-firm and business-profile ----

/** Whether a time zone name is one this runtime knows (IANA, e.g. Europe/Paris). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Why a wished-for username cannot be a firm's, before asking who has it: invalid or reserved. */
export function usernameProblem(value: string): 'invalid' | 'reserved' | undefined {
  const name = value.trim();
  if (name.length < 3 || name.length > 40 || !USERNAME_PATTERN.test(name)) return 'invalid';
  if (isReservedUsername(name)) return 'reserved';
  return undefined;
}

const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .refine((value) => usernameProblem(value) !== 'invalid', { message: 'validation.usernameFormat' })
  .refine((value) => usernameProblem(value) !== 'reserved', { message: 'validation.usernameReserved' });

export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  status: z.enum(['free', 'taken', 'reserved', 'invalid']),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

/** An optional text field: blank means "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const optionalCoordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .nullish()
    .transform((value) => value ?? null);

/** What the team edits of the firm (business-profile); creation adds the username. */
export const firmProfileInputSchema = z.object({
  name: plainName(2, 80),
  industryKey: z.string().trim().min(1).max(64),
  categoryKey: z.string().trim().min(1).max(64),
  description: z.string().trim().max(2000).default(''),
  addressLine: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  latitude: optionalCoordinate(90),
  longitude: optionalCoordinate(180),
  timezone: z.string().trim().min(1).max(64).refine(isTimeZone, { message: 'validation.timezone' }),
  openingHours: z.array(openingIntervalSchema).max(28).default([]),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^\+?[0-9 ().-]{5,40}$/, { message: 'validation.phone' })
    .nullish()
    .or(z.literal(''))
    .transform((value) => value || null),
  email: z
    .email({ message: 'validation.email' })
    .max(200)
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value.toLowerCase() : null)),
  website: z
    .url({ protocol: /^https?$/, message: 'validation.website' })
    .max(300)
    .nullish()
    .or(z.literal(''))
    .transform((value) => value || null),
  minAge: z.number().int().min(0).max(21).default(0),
});
export type FirmProfileInput = z.input<typeof firmProfileInputSchema>;

export const createFirmSchema = firmProfileInputSchema.extend({ username: usernameSchema });
export type CreateFirmInput = z.input<typeof createFirmSchema>;

/** The currencies a firm may price in (ISO 4217). */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'MAD',
  'TND',
  'DZD',
  'EGP',
  'AED',
  'SAR',
  'QAR',
  'LBP',
  'JOD',
  'XOF',
  'CAD',
] as const;

/**
 * settings: the page's language (QR card, emails to customers), currency, whether it is public,
 * and whether following it needs the team's approval (left as it is when not sent).
 */
export const firmSettingsSchema = z.object({
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
  published: z.boolean(),
  approveFollowers: z.boolean().optional(),
});
export type FirmSettingsInput = z.infer<typeof firmSettingsSchema>;

// ---- home: key figures ----

export const ACTIVITY_KINDS = [
  'firm.created',
  'firm.updated',
  'firm.settings',
  'member.invited',
  'member.joined',
  'member.declined',
  'member.removed',
  'member.left',
  'member.role',
  'plan.changed',
  'follower.new',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const activitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** who did it (a team member's or follower's name); null when gone */
  actorName: z.string().nullable(),
  /** what it is about: a person's name, a plan key, a role */
  subject: z.string().nullable(),
  at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

const moneySchema = z.object({ currency: z.string(), amountMinor: z.number().int() });

export const keyFiguresSchema = z.object({
  followers: z.number().int(),
  newFollowers30d: z.number().int(),
  upcomingEvents: z.number().int(),
  ticketsSold: z.number().int(),
  /** ticket and product revenue per currency */
  revenue: z.array(moneySchema),
  teamMembers: z.number().int(),
  activity: z.array(activitySchema),
  /** a new business's first steps, each done once its row exists: a menu, a published event, a follower (the page
   * was shared), a teammate invited */
  firstSteps: z.object({ menu: z.boolean(), event: z.boolean(), shared: z.boolean(), invited: z.boolean() }),
});
export type KeyFigures = z.infer<typeof keyFiguresSchema>;

// ---- team and invitations ----

export const teamMemberSchema = z.object({
  /** the employment id (team/emp/{employmentId}) */
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  flip: z.string(),
  imagePath: z.string().nullable(),
  userRole: roleSchema,
  profession: z.string().nullable(),
  since: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  /** the invited address, or the person's name when invited by flip */
  invitee: z.string(),
  flip: z.string().nullable(),
  userRole: roleSchema,
  profession: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

const professionSchema = z
  .string()
  .trim()
  .max(60)
  .nullish()
  .transform((value) => value || null);

/** Invite by email or by a person's flip (exactly one). */
export const inviteSchema = z
  .object({
    email: z
      .email({ message: 'validation.email' })
      .max(200)
      .optional()
      .or(z.literal(''))
      .transform((value) => (value ? value.toLowerCase() : undefined)),
    flip: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((value) => value || undefined),
    userRole: roleSchema,
    profession: professionSchema,
  })
  .refine((value) => Boolean(value.email) !== Boolean(value.flip), { message: 'validation.emailOrFlip', path: ['email'] });
export type InviteInput = z.input<typeof inviteSchema>;

export const employmentUpdateSchema = z
  .object({ userRole: roleSchema.optional(), profession: professionSchema.optional() })
  .refine((value) => value.userRole !== undefined || value.profession !== undefined, { message: 'validation.required' });
export type EmploymentUpdateInput = z.input<typeof employmentUpdateSchema>;

/** An invitation as its invitee sees it (the business list's pending invitations, the emailed link). */
export const receivedInvitationSchema = z.object({
  id: z.string(),
  firmId: z.string(),
  firmName: z.string(),
  firmUsername: z.string(),
  firmImagePath: z.string().nullable(),
  userRole: roleSchema,
  profession: z.string().nullable(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
export const receivedInvitationListSchema = z.array(receivedInvitationSchema);

/** The token of an emailed invitation link. */
export const invitationTokenSchema = z.object({ token: z.string().min(20).max(100) });

// ---- plans ----

export const planChangeSchema = z.object({ plan: planKeySchema });
export type PlanChangeInput = z.infer<typeof planChangeSchema>;

/** A change to the free plan is done at once; a paid plan is paid first, on the payment step at `redirectUrl`. */
export const planChangeResultSchema = z.object({
  plan: planKeySchema,
  orderId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

export const planOrderSchema = z.object({
  id: z.string(),
  plan: planKeySchema,
  status: z.enum(['pending', 'paid', 'canceled']),
  amountMinor: z.number().int(),
  currency: z.string(),
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanOrder = z.infer<typeof planOrderSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  /** the human reference printed on the receipt, e.g. SOUK-20260610-7KQ2M9XA */
  number: z.string(),
  plan: planKeySchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['paid', 'refunded']),
  paidAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);
