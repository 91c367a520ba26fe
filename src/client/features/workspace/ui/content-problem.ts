import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { statusMessageKey } from '../../../../shared/error-catalogue';
import { problemMessage } from './problem-message';

/** Problem codes of the events and blog API (src/server/modules/owner-events, owner-blog) the editors explain. */
const CONTENT_CODES = [
  'event_has_sales',
  'tier_has_sales',
  'event_closed',
  'status_not_allowed',
  'event_not_started',
  'event_in_past',
  'no_event_types',
  'busy',
];
/** The workspace's own (ui/problem-message.ts). */
const WORKSPACE_CODES = ['forbidden', 'plan_limit', 'not_found'];

/**
 * A failed request in the reader's language: the content codes from `workspace-content`, the
 * workspace's from `workspace`, a form's 400 as "check the marked fields", anything else by its
 * status from the error catalogue — never the server's English detail.
 */
export function contentProblem(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected', { ns: 'common' });
  if (error.code && CONTENT_CODES.includes(error.code)) return t(`problems.${error.code}`, { ns: 'workspace-content' });
  if (error.code && WORKSPACE_CODES.includes(error.code)) return problemMessage(t, error);
  if (error.status === 400 && error.fieldErrors) return t('problems.checkFields', { ns: 'workspace-content' });
  if (error.status === 413) return t('problems.tooLarge', { ns: 'workspace-content' });
  if (error.status === 0) return error.message;
  return t(statusMessageKey(error.status), { ns: 'common' });
}

/**
 * A field's server message (`validation.pastDate`, `validation.required`…): ours when we have it,
 * else the generic form messages (the `auth` namespace), with the field's label.
 */
export function fieldProblem(t: TFunction, message: string, label: string): string {
  const key = message.startsWith('validation.') ? message : `validation.${message}`;
  if (t(key, { ns: 'workspace-content', label, defaultValue: '' })) return t(key, { ns: 'workspace-content', label });
  if (t(key, { ns: 'auth', label, defaultValue: '' })) return t(key, { ns: 'auth', label });
  return t('validation.invalid', { ns: 'auth', label });
}
