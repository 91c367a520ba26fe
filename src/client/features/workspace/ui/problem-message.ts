import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';

/** Problem codes the workspace explains in the reader's language rather than with the server's English detail. */
const KNOWN = ['forbidden', 'plan_limit', 'last_owner', 'already_member', 'already_invited', 'username_taken', 'not_found'];

/** A failed request's message: ours for the workspace's problems, else the error catalogue's. */
export function problemMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code && KNOWN.includes(error.code)) {
    const raw = error.raw as { plan?: string; requiredPlan?: string } | undefined;
    return t(`problems.${error.code}`, {
      ns: 'workspace',
      plan: raw?.plan ? t(`plans.${raw.plan}.name`, { ns: 'workspace' }) : '',
      requiredPlan: raw?.requiredPlan ? t(`plans.${raw.requiredPlan}.name`, { ns: 'workspace' }) : '',
    });
  }
  return error instanceof Error ? error.message : t('errors.unexpected', { ns: 'common' });
}

/** For a mutation's `onError` (its `meta.suppressToast` keeps the generic toast away). */
export const toastProblem = (t: TFunction) => (error: unknown) => toast.error(problemMessage(t, error));
