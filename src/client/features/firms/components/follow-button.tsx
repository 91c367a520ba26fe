import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Check, Clock, Plus } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { useCurrentUser, useSessionStore } from '../../../lib/session';
import { EARLY_TAP_ATTRIBUTE, useEarlyTap } from '../../../lib/early-tap';
import { requireLogin } from '../../../lib/login-popup';
import { usePendingIntent } from '../../../lib/pending-intent';
import { followStateQuery } from '../api/get-follow-state';
import { registerFollowMutation, useFollowMutation } from '../api/toggle-follow';
import styles from './firm.module.css';

let registered = false;

interface FollowButtonProps {
  firmId: string;
  initialFollowers: number;
}

/**
 * Follow / Following (or Requested, when the firm approves its followers and has not answered yet:
 * a tap withdraws the request) with the follower count; signed out it opens the login-required popup.
 * (perf) The server renders nobody signed in (lib/session.ts renderWithSessionStatus) and never reads
 * the follow state: there the same markup (Follow, the count it was given) without the observers.
 */
export function FollowButton(props: FollowButtonProps) {
  return import.meta.env.SSR ? <ServerFollowButton {...props} /> : <LiveFollowButton {...props} />;
}

function ServerFollowButton({ firmId, initialFollowers }: FollowButtonProps) {
  const { t } = useTranslation('firm');
  return followButtonMarkup(t, { [EARLY_TAP_ATTRIBUTE]: `follow:${firmId}` }, 'none', initialFollowers);
}

function LiveFollowButton({ firmId, initialFollowers }: FollowButtonProps) {
  const { t } = useTranslation('firm');
  const user = useCurrentUser();
  const state = useQuery({ ...followStateQuery(firmId, user?.id), enabled: typeof window !== 'undefined' });
  const mutation = useFollowMutation();
  const queryClient = useQueryClient();
  // a follow queued offline and persisted resumes after a reload once its function is known
  useEffect(() => {
    if (registered) return;
    registered = true;
    registerFollowMutation(queryClient);
  }, [queryClient]);
  const status = useSessionStore((session) => session.status);
  // a tap before hydration is replayed once the button knows what it means (who, and following or not)
  const following = Boolean(user && state.data?.following);
  const requested = Boolean(user && state.data?.requested);
  const earlyTap = useEarlyTap(`follow:${firmId}`, status === 'signedOut' || Boolean(user && state.data), following || requested);
  const followers = state.data?.followers ?? initialFollowers;
  // a Follow that asked the visitor to log in or sign up is done once they are back, signed in
  const toggle = (userId: string, follow: boolean) =>
    mutation.mutate(
      { firmId, userId, follow },
      {
        onError: (error) => {
          // a 401 is the session's to handle (refresh, or the login popup), as everywhere
          if (error instanceof ApiError && error.status === 401) return;
          toast.error(error instanceof ApiError && error.code === 'follow_restricted' ? t('followRestricted') : error.message);
        },
      },
    );
  usePendingIntent(`follow:${firmId}`, Boolean(user && state.data), () => {
    if (user && !following && !requested) toggle(user.id, true);
  });
  const onClick = () => {
    if (!user) {
      requireLogin(t('loginToFollow'), `follow:${firmId}`);
      return;
    }
    toggle(user.id, !(following || requested));
  };
  return followButtonMarkup(t, earlyTap, following ? 'following' : requested ? 'requested' : 'none', followers, onClick);
}

/** The button's markup, the same on the server and in the browser (hydration); positional: the public entry's bytes. */
function followButtonMarkup(
  t: TFunction<'firm'>,
  earlyTap: { ref?: React.Ref<HTMLButtonElement>; [EARLY_TAP_ATTRIBUTE]: string },
  relation: 'none' | 'following' | 'requested',
  followers: number,
  onClick?: () => void,
) {
  const Icon = relation === 'following' ? Check : relation === 'requested' ? Clock : Plus;
  return (
    <button
      {...earlyTap}
      type="button"
      className={[styles.follow, relation !== 'none' && styles.following].filter(Boolean).join(' ')}
      aria-pressed={relation !== 'none'}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden="true" />
      <span>{relation === 'following' ? t('following') : relation === 'requested' ? t('requested') : t('follow')}</span>
      <span className={styles.followCount} aria-label={t('followers', { count: followers })}>
        {followers}
      </span>
    </button>
  );
}
