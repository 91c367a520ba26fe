import { z } from 'zod';
import { plainName } from './plain-name';

/** A table or counter spot as the firm's team sees it; `token` is what its printed code carries. */
export const firmTableSchema = z.object({
  id: z.string(),
  label: z.string(),
  token: z.string(),
});
export type FirmTable = z.infer<typeof firmTableSchema>;
export const firmTablesSchema = z.array(firmTableSchema);

export const firmTableInputSchema = z.object({ label: plainName(1, 40) });
export type FirmTableInput = z.infer<typeof firmTableInputSchema>;

/** Tokens are 22 url-safe characters (16 random bytes); anything else names no table. */
export const tableTokenParamSchema = z.object({ token: z.string().regex(/^[\w-]{22}$/) });

/** What a scanned code opens: the firm's page, with the table kept for the visit. */
export const tableVisitSchema = z.object({
  label: z.string(),
  firm: z.object({ id: z.string(), username: z.string(), name: z.string() }),
});
export type TableVisit = z.infer<typeof tableVisitSchema>;
