import { afterMutation } from '../../../lib/after-mutation';
import { confirm } from '../../../lib/confirm-store';
import { toast } from '../../../lib/toast-store';
import { useCatalogueMessages } from './catalogue-messages';

interface DeleteTexts {
  /** the question ("Delete Msemen?") */
  question: string;
  /** the confirming button's text */
  ok: string;
  /** the toast once deleted */
  done: string;
}

/**
 * Deleting from an editor: asks first, then deletes (`remove` is the mutation's `mutateAsync`);
 * 'deleted' and `then` on success, the problem in a toast on failure. From the promise, not from
 * `mutate`'s callbacks: the refetch after a deletion removes the editor itself (lib/after-mutation.ts).
 */
export function useDeleteAfterConfirm() {
  const messages = useCatalogueMessages();
  return async (texts: DeleteTexts, remove: () => Promise<unknown>, then: () => void) => {
    const ok = await confirm({ message: texts.question, okText: texts.ok, cancelText: messages.t('cancel') });
    if (!ok) return;
    afterMutation(remove(), {
      onSuccess: () => {
        toast.success(texts.done);
        then();
      },
      onError: (error) => toast.error(messages.problem(error)),
    });
  };
}
