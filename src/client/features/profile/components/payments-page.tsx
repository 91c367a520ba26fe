import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { paymentsQuery } from '../api/account';
import styles from './settings.module.css';

/**
 * `/profile/payments`: Souk keeps no card; each payment is made on the provider's page. This lists
 * what the provider recorded of the user's payments (method, amount, state).
 */
export function PaymentsPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const f = useFormatters();
  const payments = useQuery({ ...paymentsQuery(user?.id ?? ''), enabled: Boolean(user) });
  return (
    <SubPage title={t('payments.title')} intro={t('payments.subtitle')}>
      <Panel>
        <p className={styles.linkHint}>{t(`payments.provider.${payments.data?.provider === 'stripe' ? 'stripe' : 'sandbox'}`)}</p>
      </Panel>
      {!payments.data ? (
        <PageSpinner />
      ) : payments.data.payments.length === 0 ? (
        <NoData message={t('payments.empty')} icon={CreditCard} />
      ) : (
        <ul className={styles.plainList}>
          {payments.data.payments.map((payment) => (
            <li key={payment.reference} className={styles.linkRow}>
              <CreditCard size={22} aria-hidden="true" />
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>
                  {f.money(payment.amountMinor, payment.currency)} ·{' '}
                  {t(`payments.status.${payment.status}`, { defaultValue: payment.status })}
                </span>
                <span className={styles.linkHint}>
                  <span dir="ltr">{payment.reference}</span> · {payment.method ?? t('payments.noMethod')} · {f.relative(payment.createdAt)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SubPage>
  );
}
