/**
 * The error catalogue: which text a failed request shows.
 * Values are i18n keys in the `common` namespace; the English text is the spec's.
 */
export const STATUS_MESSAGE_KEYS: Record<number, string> = {
  400: 'errors.badRequest',
  401: 'errors.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  500: 'errors.server',
};
export const UNKNOWN_ERROR_KEY = 'errors.unexpected';

export function statusMessageKey(status: number): string {
  return STATUS_MESSAGE_KEYS[status] ?? UNKNOWN_ERROR_KEY;
}

/** Toast text priority: response detail, message or title first, else by status. */
export function errorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const nested = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : undefined;
  for (const candidate of [record.detail, nested?.detail, record.message, record.title]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  return undefined;
}
