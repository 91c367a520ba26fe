import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { useFormMessages } from '../../../lib/form-messages';
import { problemMessage } from '../ui/problem-message';

const NS = 'workspace-catalogue';

/** Problems of the menus and the shop this namespace explains (else ui/problem-message.ts). */
const OWN_PROBLEMS = ['menu_changed', 'section_not_empty', 'stock_below_zero', 'stock_not_tracked', 'product_ordered'];

/**
 * The messages of the menu and shop forms, in the reader's language: the schemas' own
 * `validation.*` keys (a negative price, an unknown tag…) from this namespace, the generic ones
 * ('{label} is required.') from lib/form-messages.ts, the server's problems by their code.
 */
export function useCatalogueMessages() {
  const { t } = useTranslation(NS);
  const { ofIssue, ofServer } = useFormMessages(NS);
  const problem = (error: unknown) =>
    error instanceof ApiError && error.code && OWN_PROBLEMS.includes(error.code)
      ? t(`problems.${error.code}`, { available: (error.raw as { available?: number } | undefined)?.available ?? '' })
      : problemMessage(t, error);
  return {
    t,
    ofIssue,
    ofServer,
    problem,
    /**
     * A failed save's messages per field (the server's `errors`), or under `form` the problem
     * itself: the form keeps every value the user typed.
     */
    ofFailure(error: unknown, labels: Record<string, string>): Record<string, string> {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields && Object.keys(fields).length > 0) {
        return Object.fromEntries(
          Object.entries(fields).map(([field, list]) => {
            const key = field.split('.')[0];
            return [key in labels ? key : 'form', ofServer(list[0], labels[key] ?? t('form.thisField'))];
          }),
        );
      }
      return { form: problem(error) };
    },
    /** A parse's issues as messages per top-level field (the first one of each). */
    ofIssues(issues: z.core.$ZodIssue[], labels: Record<string, string>, values: Record<string, unknown>): Record<string, string> {
      const out: Record<string, string> = {};
      for (const issue of issues) {
        const key = String(issue.path[0] ?? 'form');
        const at = issue.path.length > 1 ? (values[key] as unknown[] | undefined)?.[issue.path[1] as number] : values[key];
        out[key] ??= ofIssue(issue, labels[key] ?? t('form.thisField'), at);
      }
      return out;
    },
  };
}
