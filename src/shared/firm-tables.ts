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
export const tableTokenSchema = z.string().regex(/^[\w-]{22}$/);
export const tableTokenParamSchema = z.object({ token: tableTokenSchema });

/** The tables page: the tables, and whether their guests may pay at the counter. */
export const firmTablesPageSchema = z.object({ tables: firmTablesSchema, counterPayment: z.boolean() });
export type FirmTablesPage = z.infer<typeof firmTablesPageSchema>;

/** `PUT /api/dashboard/tables/counter-payment`: whether guests ordering from a table may pay at the counter. */
export const counterPaymentInputSchema = z.object({ allowed: z.boolean() });

/** How many orders to pay at the counter one account may have open at once, across firms. */
export const COUNTER_ORDERS_OPEN_MAX = 3;

/** What a scanned code opens: the firm's page, with the table kept for the visit. */
export const tableVisitSchema = z.object({
  label: z.string(),
  /** the firm lets this table's guests pay at the counter */
  counterPayment: z.boolean(),
  firm: z.object({ id: z.string(), username: z.string(), name: z.string() }),
});
export type TableVisit = z.infer<typeof tableVisitSchema>;
