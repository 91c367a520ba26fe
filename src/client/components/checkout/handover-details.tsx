import { useTranslation } from 'react-i18next';
import { MapPin, Truck } from 'lucide-react';
import type { OrderHandover } from '../../../shared/fulfilment';
import { useFormatters } from '../../lib/use-dates';
import styles from './refund-list.module.css';

/** Where and when an order's goods are collected, or where they are delivered (the buyer's and the firm's views). */
export function HandoverDetails({ handover, timeZone }: { handover: NonNullable<OrderHandover>; timeZone: string }) {
  const { t } = useTranslation('tickets');
  const f = useFormatters();
  const pickup = handover.method === 'pickup';
  return (
    <section className={styles.handover} aria-labelledby="order-handover" data-testid="order-handover">
      <h2 id="order-handover" className={styles.handoverTitle}>
        {pickup ? <MapPin size={18} aria-hidden="true" /> : <Truck size={18} aria-hidden="true" />}
        {pickup ? t('handover.collectAt') : t('handover.deliveredTo')}
      </h2>
      <p className={styles.handoverAddress}>
        <bdi>{handover.address}</bdi>
      </p>
      {pickup ? (
        <>
          {handover.readyFrom && handover.preparationMinutes > 0 && (
            <p>{t('handover.readyFrom', { time: f.dateTime(handover.readyFrom, timeZone, 'short') })}</p>
          )}
          <p>{handover.hours ? t('handover.hours', { hours: handover.hours }) : t('handover.openingHours')}</p>
        </>
      ) : (
        <p>{t('handover.deliveryComes')}</p>
      )}
    </section>
  );
}
