import { useTranslation } from 'react-i18next';
import { UserMinus } from 'lucide-react';
import { IconButton } from '../../../components/ui/icon-button';
import { useFollowMutation } from '../api/toggle-follow';

/** The corner button of a card on /profile/following: unfollows, and the card leaves the list. */
export function UnfollowButton({ firmId, userId, name }: { firmId: string; userId: string; name: string }) {
  const { t } = useTranslation('firm');
  const mutation = useFollowMutation();
  return (
    <IconButton
      label={t('unfollowNamed', { name })}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ firmId, userId, follow: false })}
      data-testid="unfollow"
    >
      <UserMinus size={20} aria-hidden="true" />
    </IconButton>
  );
}
