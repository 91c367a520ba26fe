import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The namespace holding the generic field messages ('{label} is required.', …). */
const GENERIC = 'auth';

/**
 * The generic form control messages: '{label} is required.', 'is too small', 'is too large', 'is too short', 'is too
 * long', 'has an invalid format', otherwise 'Invalid {label}.'. A custom message that is a `validation.*` key (from
 * the shared schema or the server) wins.
 */
function issueMessage(issue: z.core.$ZodIssue, label: string, value: unknown, t: TFunction): string {
  if (value === '' || value === undefined || value === null) return t('validation.required', { ns: GENERIC, label });
  if (issue.message?.startsWith('validation.')) return t(issue.message, { ns: GENERIC, label });
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.tooShort', { ns: GENERIC, label })
        : t('validation.tooSmall', { ns: GENERIC, label });
    case 'too_big':
      return issue.origin === 'string' ? t('validation.tooLong', { ns: GENERIC, label }) : t('validation.tooLarge', { ns: GENERIC, label });
    case 'invalid_format':
      return t('validation.invalidFormat', { ns: GENERIC, label });
    default:
      return t('validation.invalid', { ns: GENERIC, label });
  }
}

/** A server field message: translated when it is one of our keys, else shown as it came. */
function serverMessage(message: string, label: string, t: TFunction): string {
  return message.startsWith('validation.') ? t(message, { ns: GENERIC, label }) : message;
}

/**
 * A form's field messages in the reader's language. The hook loads the namespaces it reads (suspending until they
 * are there): a page that never loaded the generic messages' namespace showed their keys instead. `own`: the
 * page's namespace, whose `validation.*` keys (a reserved username, a past date…) win over the generic ones.
 */
export function useFormMessages(own?: string) {
  const { t, i18n } = useTranslation(own ? [own, GENERIC] : GENERIC);
  return useMemo(() => {
    const ownMessage = (key: string, label: string) => (own && i18n.exists(key, { ns: own }) ? t(key, { ns: own, label }) : undefined);
    return {
      ofIssue: (issue: z.core.$ZodIssue, label: string, value: unknown): string =>
        (issue.message?.startsWith('validation.') && value !== '' ? ownMessage(issue.message, label) : undefined) ??
        issueMessage(issue, label, value, t),
      ofServer: (message: string, label: string): string => ownMessage(message, label) ?? serverMessage(message, label, t),
    };
  }, [own, t, i18n]);
}
