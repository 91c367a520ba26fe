import { z } from 'zod';

/** A name in every interface language (categories, event types, industries). */
export const localizedNamesSchema = z.object({ en: z.string(), ar: z.string(), fr: z.string() });
export type LocalizedNames = z.infer<typeof localizedNamesSchema>;
