import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmStore } from '../../lib/confirm-store';
import { sanitizeHtml } from '../../lib/safe-html';
import { Modal } from '../ui/modal';
import { Button } from '../ui/button';
import styles from './confirm-dialog.module.css';

const CONFIRM_Z_INDEX = 1400;

/**
 * Shows the head of the confirmation queue: one at a time, in order.
 * Escape cancels when there is a cancel button, Enter confirms, a backdrop click cancels
 * (or confirms when there is no cancel button).
 */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const request = useConfirmStore((state) => state.queue[0]);
  const answer = useConfirmStore((state) => state.answer);
  const okRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const message = request?.message;
  const html = useMemo(() => (message && typeof message === 'object' ? sanitizeHtml(message.html) : null), [message]);

  if (!request) return null;
  const showCancel = request.showCancel !== false;
  const ok = () => answer(request.id, true);
  const cancel = () => answer(request.id, false);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      // Enter on the cancel button keeps its meaning for keyboard users.
      if (event.target === cancelRef.current) return;
      event.preventDefault();
      ok();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (showCancel) cancel();
    }
  };

  return (
    <Modal
      key={request.id}
      open
      onClose={cancel}
      role="alertdialog"
      size="small"
      title={request.title ?? t('confirm.title')}
      showClose={false}
      closeOnEscape={false}
      onBackdrop={showCancel ? cancel : ok}
      onKeyDown={onKeyDown}
      initialFocusRef={okRef}
      zIndex={CONFIRM_Z_INDEX}
      className={request.className}
      footer={
        <>
          {showCancel && (
            <Button ref={cancelRef} variant="secondary" onClick={cancel}>
              {request.cancelText ?? t('confirm.cancel')}
            </Button>
          )}
          <Button ref={okRef} variant={request.danger ? 'danger' : 'primary'} onClick={ok}>
            {request.okText ?? t('confirm.ok')}
          </Button>
        </>
      }
    >
      {html === null ? (
        <div className={styles.message}>{typeof message === 'string' ? message : ''}</div>
      ) : (
        <div className={styles.message} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </Modal>
  );
}
