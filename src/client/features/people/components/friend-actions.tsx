import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Ban, UserCheck, UserMinus, UserPlus, X } from 'lucide-react';
import type { FriendAction } from '../../../../shared/friendships';
import type { FriendshipState } from '../../../../shared/people';
import { Button } from '../../../components/ui/button';
import { MenuButton } from '../../../components/ui/menu-button';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm-store';
import { requireLogin } from '../../../lib/login-popup';
import { useIsSignedIn } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { registerFriendshipMutation, useFriendshipMutation } from '../api/update-friendship';
import styles from './people.module.css';

export interface FriendTarget {
  id: string;
  name: string;
  friendship: FriendshipState;
  /** whether they accept a request from the viewer now (absent in lists: assumed) */
  canRequest?: boolean;
}

/**
 * The button(s) for a relation: Add friend · Requested · Accept / Decline · Friends ▾ · Unblock.
 * `size` small in lists, medium on a profile. Refusals are said in the user's language.
 */
export function FriendActions({
  person,
  size = 'medium',
  withBlock = false,
}: {
  person: FriendTarget;
  size?: 'small' | 'medium';
  withBlock?: boolean;
}) {
  const { t } = useTranslation('people');
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const mutation = useFriendshipMutation();
  useEffect(() => registerFriendshipMutation(queryClient), [queryClient]);
  const busy = mutation.isPending;

  const run = (action: FriendAction, done?: () => void) =>
    mutation.mutate(
      { targetUserId: person.id, action },
      {
        onSuccess: done,
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : undefined;
          toast.error(code && t(`refused.${code}`, { defaultValue: '' }) ? t(`refused.${code}`) : error.message);
        },
      },
    );

  const block = async () => {
    const ok = await confirm({
      title: t('block.title', { name: person.name }),
      message: t('block.message', { name: person.name }),
      okText: t('block.ok'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (ok) run('block', () => toast.undoable(t('block.done', { name: person.name }), { label: t('undo'), run: () => run('unblock') }));
  };

  if (person.friendship === 'self') return null;
  if (!signedIn) {
    return (
      <Button size={size} variant="primary" onClick={() => requireLogin(t('loginToAdd'))}>
        <UserPlus size={18} aria-hidden="true" />
        {t('add')}
      </Button>
    );
  }

  const more = (
    <>
      <ChevronDown size={18} aria-hidden="true" />
      <span className="visually-hidden">{t('more')}</span>
    </>
  );
  const blockItem = { label: t('block.action'), onSelect: () => void block(), danger: true, icon: <Ban size={18} aria-hidden="true" /> };

  switch (person.friendship) {
    case 'none':
      if (person.canRequest === false) {
        return withBlock ? (
          <div className={styles.actions}>
            <span className={styles.closed}>{t('closed')}</span>
            <MenuButton label={more} items={[blockItem]} buttonProps={{ size, variant: 'ghost' }} />
          </div>
        ) : null;
      }
      return (
        <div className={styles.actions}>
          <Button
            size={size}
            variant="primary"
            disabled={busy}
            onClick={() => run('request', () => toast.success(t('requestSent', { name: person.name })))}
          >
            <UserPlus size={18} aria-hidden="true" />
            {t('add')}
          </Button>
          {withBlock && <MenuButton label={more} items={[blockItem]} buttonProps={{ size, variant: 'ghost' }} />}
        </div>
      );
    case 'requested':
      return (
        <MenuButton
          label={
            <>
              <Check size={18} aria-hidden="true" />
              {t('requested')}
              <ChevronDown size={16} aria-hidden="true" />
            </>
          }
          buttonProps={{ size, variant: 'secondary', disabled: busy }}
          items={[
            {
              label: t('cancelRequest'),
              icon: <X size={18} aria-hidden="true" />,
              onSelect: () => run('cancel', () => toast.undoable(t('requestCancelled'), { label: t('undo'), run: () => run('request') })),
            },
            ...(withBlock ? [blockItem] : []),
          ]}
        />
      );
    case 'incoming':
      return (
        <div className={styles.actions}>
          <Button
            size={size}
            variant="primary"
            disabled={busy}
            onClick={() => run('accept', () => toast.success(t('accepted', { name: person.name })))}
          >
            <UserCheck size={18} aria-hidden="true" />
            {t('accept')}
          </Button>
          <Button size={size} variant="secondary" disabled={busy} onClick={() => run('decline')}>
            {t('decline')}
          </Button>
        </div>
      );
    case 'friends':
      return (
        <MenuButton
          label={
            <>
              <UserCheck size={18} aria-hidden="true" />
              {t('friends')}
              <ChevronDown size={16} aria-hidden="true" />
            </>
          }
          buttonProps={{ size, variant: 'secondary', disabled: busy }}
          items={[
            {
              label: t('remove.action'),
              icon: <UserMinus size={18} aria-hidden="true" />,
              onSelect: async () => {
                const ok = await confirm({
                  title: t('remove.title', { name: person.name }),
                  message: t('remove.message', { name: person.name }),
                  okText: t('remove.ok'),
                  cancelText: t('cancel'),
                  danger: true,
                });
                if (ok) run('remove', () => toast.success(t('remove.done', { name: person.name })));
              },
            },
            blockItem,
          ]}
        />
      );
    case 'blocking':
      return (
        <Button
          size={size}
          variant="secondary"
          disabled={busy}
          onClick={() => run('unblock', () => toast.success(t('unblocked', { name: person.name })))}
        >
          {t('unblock')}
        </Button>
      );
  }
}
