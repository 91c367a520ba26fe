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

type DeleteCallbacks = { onSuccess: () => void; onError: (error: Error) => void };

/**
 * Deleting from an editor: asks first, then deletes; 'deleted' and `then` on success, the
 * problem in a toast on failure.
 */
export function useDeleteAfterConfirm() {
  const messages = useCatalogueMessages();
  return async (texts: DeleteTexts, remove: (callbacks: DeleteCallbacks) => void, then: () => void) => {
    const ok = await confirm({ message: texts.question, okText: texts.ok, cancelText: messages.t('cancel') });
    if (!ok) return;
    remove({
      onSuccess: () => {
        toast.success(texts.done);
        then();
      },
      onError: (error) => toast.error(messages.problem(error)),
    });
  };
}
