import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WAITLIST_QUANTITY_MAX } from '../../../../shared/waitlist';
import { WaitlistPanel, waitlistProblem } from '../../../components/ui/waitlist-panel';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import { myProductWaitlistQuery, useProductWaitlistActions } from '../api/product-waitlist';
import styles from './products.module.css';

interface ProductWaitlistProps {
  productId: string;
  /** the product's name, with the chosen variant's */
  name: string;
  /** the chosen variant of a product sold by variants, else null */
  variantId: string | null;
  /** how the held units are bought while an offer stands (the add-to-cart button) */
  children: ReactNode;
  /** shown to a visitor who is not signed in (and while the page is rendered on the server) */
  signedOut: ReactNode;
}

/**
 * A sold-out product (or variant) on its page, for a signed-in member: its waitlist; or, once units
 * came back and are held for them, until when, and the way to buy them.
 */
export function ProductWaitlist({ productId, name, variantId, children, signedOut }: ProductWaitlistProps) {
  const { t } = useTranslation('firm');
  const f = useFormatters();
  const user = useCurrentUser();
  const waitlist = useQuery({ ...myProductWaitlistQuery(user?.id ?? '', productId), enabled: user !== null });
  const { join, leave } = useProductWaitlistActions(user?.id ?? '', productId);
  if (!user) return signedOut;
  if (!waitlist.data) return null;
  const entry = waitlist.data.entries.find((e) => e.variantId === variantId);
  if (entry?.status === 'offered' && entry.offeredUntil) {
    return (
      <div className={styles.offer}>
        <p className={styles.offerText} data-testid="waitlist-offer">
          {t('waitlist.offer', { count: entry.quantity, until: f.dateTime(entry.offeredUntil, viewerTimeZone()) })}
        </p>
        {children}
      </div>
    );
  }
  return (
    <WaitlistPanel
      namespace="firm"
      name={name}
      max={WAITLIST_QUANTITY_MAX}
      entry={entry}
      join={{ mutate: (quantity) => join.mutate({ variantId, quantity }), isPending: join.isPending }}
      leave={{ mutate: () => leave.mutate(variantId), isPending: leave.isPending }}
      problem={waitlistProblem(join.error, t, (error) => error.message)}
    />
  );
}
