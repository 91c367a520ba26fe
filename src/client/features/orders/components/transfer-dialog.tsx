import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../../shared/orders';
import type { Person } from '../../../../shared/people';
import { FriendPicker } from '../../../components/checkout/friend-picker';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { checkoutMessage } from '../../../lib/checkout';
import { useNetworkStore } from '../../../lib/network-status';
import { toast } from '../../../lib/toast-store';
import { useTransferTicket } from '../api/order-actions';
import styles from './orders.module.css';

/** Passing a ticket to a friend: choose them, confirm; their ticket gets a new code and this one stops working. */
export function TransferDialog({ ticket, userId, onClose }: { ticket: Ticket; userId: string; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const online = useNetworkStore((state) => state.online);
  const [friend, setFriend] = useState<Person | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const transfer = useTransferTicket(userId);

  const send = () => {
    if (!friend) return;
    setProblem(null);
    transfer.mutate(
      { ticketId: ticket.id, toUserId: friend.id },
      {
        onSuccess: () => {
          toast.success(t('transfer.done', { name: friend.name }));
          onClose();
        },
        onError: (error) => setProblem(checkoutMessage(error, t)),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('transfer.title')}
      size="small"
      footer={
        <>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button variant="primary" onClick={send} disabled={!friend || !online || transfer.isPending}>
            {friend ? t('transfer.confirm', { name: friend.name }) : t('transfer.choose')}
          </Button>
        </>
      }
    >
      <div className={styles.transfer}>
        <p>{t('transfer.explain', { event: ticket.event.name })}</p>
        {friend ? (
          <div className={styles.holder}>
            <PersonAvatar name={friend.name} imagePath={friend.imagePath} size={36} />
            <strong dir="auto">{friend.name}</strong>
            <Button size="small" variant="ghost" onClick={() => setFriend(null)}>
              {t('transfer.change')}
            </Button>
          </div>
        ) : (
          <FriendPicker
            userId={userId}
            excludeIds={[userId]}
            label={t('transfer.friend')}
            placeholder={t('transfer.search')}
            onPick={setFriend}
          />
        )}
        {!online && <p className={styles.pending}>{t('form.needsConnection')}</p>}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
