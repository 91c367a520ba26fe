import { z } from 'zod';
import { FEATURE_KEYS } from './feature-keys';
import type { FirmLegal } from './firm-legal';

/** The operator's area (/fladmin, /api/admin): what its screens read and send. */

export const adminMeSchema = z.object({ userId: z.string(), name: z.string() });
export type AdminMe = z.infer<typeof adminMeSchema>;

/** Why an admin acts: every action carries one, written to the audit log. */
export const reasonSchema = z.string().trim().min(3).max(500);

export const featureSwitchInputSchema = z.object({ enabled: z.boolean(), reason: reasonSchema });
export type FeatureSwitchInput = z.infer<typeof featureSwitchInputSchema>;

export const adminFeatureSchema = z.object({
  key: z.enum(FEATURE_KEYS),
  enabled: z.boolean(),
  /** what FEATURES_OFF made it at start */
  startValue: z.boolean(),
  /** the last switch an admin set, absent while the start value holds */
  switchedBy: z.string().nullable(),
  switchedAt: z.string().nullable(),
});
export const adminFeatureListSchema = z.array(adminFeatureSchema);
export type AdminFeature = z.infer<typeof adminFeatureSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  adminUserId: z.string(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export type AuditLog = z.infer<typeof auditLogSchema>;
export const auditLogQuerySchema = z.object({ before: z.string().max(80).optional() });

export const adminSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

export const adminUserSchema = z.object({
  id: z.string(),
  flip: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** 1 active; other codes as the users table keeps them */
  statusCode: z.number().int(),
  /** suspended until then (closed: far in the future); null when not */
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const adminFirmSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  statusCode: z.number().int(),
  createdAt: z.string(),
  owners: z.array(z.string()),
});
export type AdminFirm = z.infer<typeof adminFirmSchema>;
export const adminFirmListSchema = z.array(adminFirmSchema);

export const adminReportSummarySchema = z.object({
  id: z.string(),
  reason: z.string(),
  targetType: z.string(),
  targetName: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** A member as admins see them: the account, the reports about and by them, the actions taken on them. */
export const adminUserProfileSchema = z.object({
  user: adminUserSchema,
  firms: z.array(z.object({ id: z.string(), username: z.string(), name: z.string(), role: z.string() })),
  reportsAbout: z.array(adminReportSummarySchema),
  reportsFiled: z.number().int(),
  actions: z.array(auditEntrySchema),
  /** suspended or closed now: restore applies */
  restorable: z.boolean(),
});
export type AdminUserProfile = z.infer<typeof adminUserProfileSchema>;

/** A firm as admins see it: its owners, the reports about it, the actions taken on it. */
export const adminFirmProfileSchema = z.object({
  firm: adminFirmSchema,
  owners: z.array(z.object({ id: z.string(), name: z.string(), suspendedUntil: z.string().nullable() })),
  reportsAbout: z.array(adminReportSummarySchema),
  actions: z.array(auditEntrySchema),
  /** hidden, or an owner suspended over it: restore applies */
  restorable: z.boolean(),
});
/** with the business's legal details and documents (src/shared/firm-legal.ts: `adminFirmLegalProfileSchema`) */
export type AdminFirmProfile = z.infer<typeof adminFirmProfileSchema> & { legal: FirmLegal };

/** Opening a firm's document: why, for the audit log. */
export const documentOpenQuerySchema = z.object({ reason: z.string().trim().min(1).max(500) });

export const FIGURE_DAYS_MAX = 90;
export const figuresQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(FIGURE_DAYS_MAX).default(30) });
export const dayFiguresSchema = z.object({
  /** YYYY-MM-DD (UTC) */
  day: z.string(),
  members: z.number().int(),
  firms: z.number().int(),
  orders: z.number().int(),
  reports: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;
export const platformFiguresSchema = z.object({ days: z.array(dayFiguresSchema) });
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;
