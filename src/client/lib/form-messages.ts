import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * Form control messages: '{label} is required.', 'is too small', 'is too
 * large', 'is too short', 'is too long', 'has an invalid format', otherwise 'Invalid {label}.'.
 * A custom message that is a `validation.*` key (from the shared schema or the server) wins.
 */
export function issueMessage(issue: z.core.$ZodIssue, label: string, value: unknown, t: TFunction): string {
  if (value === '' || value === undefined || value === null) return t('validation.required', { ns: 'auth', label });
  if (issue.message?.startsWith('validation.')) return t(issue.message, { ns: 'auth', label });
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? t('validation.tooShort', { ns: 'auth', label }) : t('validation.tooSmall', { ns: 'auth', label });
    case 'too_big':
      return issue.origin === 'string' ? t('validation.tooLong', { ns: 'auth', label }) : t('validation.tooLarge', { ns: 'auth', label });
    case 'invalid_format':
      return t('validation.invalidFormat', { ns: 'auth', label });
    default:
      return t('validation.invalid', { ns: 'auth', label });
  }
}

/** A server field message: translated when it is one of our keys, else shown as it came. */
export function serverMessage(message: string, label: string, t: TFunction): string {
  return message.startsWith('validation.') ? t(message, { ns: 'auth', label }) : message;
}
