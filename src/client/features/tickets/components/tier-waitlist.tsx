import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '../../../../shared/events';
import { WAITLIST_QUANTITY_MAX, type MyWaitlistEntry } from '../../../../shared/waitlist';
import { WaitlistPanel, waitlistProblem } from '../../../components/ui/waitlist-panel';
import { checkoutMessage } from '../../../lib/checkout';
import { useWaitlistActions } from '../api/waitlist';

interface TierWaitlistProps {
  userId: string;
  eventId: string;
  category: TicketCategory;
  /** the member's place on this tier's list, if they joined */
  entry: MyWaitlistEntry | undefined;
  onCancel: () => void;
}

/** A sold-out tier in the purchase form: its waitlist, at most a checkout's tickets at once. */
export function TierWaitlist({ userId, eventId, category, entry, onCancel }: TierWaitlistProps) {
  const { t } = useTranslation('tickets');
  const { join, leave } = useWaitlistActions(userId, eventId);
  return (
    <WaitlistPanel
      namespace="tickets"
      name={category.name}
      max={Math.min(WAITLIST_QUANTITY_MAX, category.maxPerOrder ?? WAITLIST_QUANTITY_MAX)}
      entry={entry}
      join={{ mutate: (quantity) => join.mutate({ categoryId: category.id, quantity }), isPending: join.isPending }}
      leave={{ mutate: () => leave.mutate(category.id), isPending: leave.isPending }}
      problem={waitlistProblem(join.error, t, (error) => checkoutMessage(error, t))}
      cancel={{ label: t('form.cancel'), onClick: onCancel }}
    />
  );
}
