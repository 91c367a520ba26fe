import { z } from 'zod';
import { SAVABLE_TYPES, type SavableType } from './entity-types';
import { imageFieldsSchema } from './image-fields';
import { pagedSchema } from './paging';

export const saveItemSchema = z.object({
  entityId: z.string().min(1).max(64),
  entityTypeCode: z.union(
    SAVABLE_TYPES.map((code) => z.literal(code)) as unknown as [z.ZodLiteral<SavableType>, z.ZodLiteral<SavableType>],
  ),
});
export type SaveItemInput = z.infer<typeof saveItemSchema>;

export const savedItemSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  entityTypeCode: z.number().int(),
  createdAt: z.string(),
});
export type SavedItem = z.infer<typeof savedItemSchema>;

export const savedCheckSchema = z.object({ saved: z.boolean(), id: z.string().nullable() });
export type SavedCheck = z.infer<typeof savedCheckSchema>;

export const savedByTypeQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((limit) => Math.min(limit, 50)),
  entitytc: z.coerce.number().int().optional(),
});

/** A saved item with what its card needs; `path` is the public page it opens, if any. */
export const savedEntrySchema = savedItemSchema.merge(imageFieldsSchema).extend({
  name: z.string(),
  subtitle: z.string().nullable(),
  path: z.string().nullable(),
});
export type SavedEntry = z.infer<typeof savedEntrySchema>;
export const savedPageSchema = pagedSchema(savedEntrySchema);
