import { z } from 'zod';
import type { ServingHours } from './menu-hours';

/** The schemas of a menu's serving hours (menu-hours.ts says what they mean). */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.servingTime');

/** What the server answers. */
export const servingHoursSchema = z.object({
  days: z.array(z.number().int().min(0).max(6)),
  from: z.string(),
  to: z.string(),
}) satisfies z.ZodType<ServingHours>;

/** What the owner sends: at least one day, each once (kept in week order), two clock times. */
export const servingHoursInputSchema = z.object({
  days: z
    .array(z.number().int().min(0).max(6))
    .min(1, 'validation.servingDays')
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  from: clockTime,
  to: clockTime,
});

/** Parses the stored JSON leniently: anything malformed is no hours (served always), never a thrown error. */
export function parseServingHours(json: string | null | undefined): ServingHours | null {
  if (!json) return null;
  try {
    const parsed = servingHoursInputSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
