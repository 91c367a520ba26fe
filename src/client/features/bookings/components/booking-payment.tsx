import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import type { BookingPayment } from '../../../../shared/bookings';
import { Button, buttonClass } from '../../../components/ui/button';
import { goToPaymentStep } from '../../../lib/checkout';
import { useFormatters } from '../../../lib/use-dates';

/**
 * While a paid booking is due, the way to the payment step: its link, or (when the step could not be
 * opened, or was given up) a button that asks the server for a new one and goes there.
 */
export function PayBooking(props: {
  payment: BookingPayment;
  /** asks the server where the payment stands; answers the booking's payment */
  reopen: () => Promise<{ payment: BookingPayment }>;
  pending: boolean;
}) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const { payment } = props;
  if (payment?.state !== 'due') return null;
  const label = t('pay.now', { amount: format.money(payment.amountMinor, payment.currency) });
  if (payment.payUrl) {
    return (
      <a href={payment.payUrl} className={buttonClass({ variant: 'primary' })} data-testid="pay-booking">
        <CreditCard size={18} aria-hidden="true" /> {label}
      </a>
    );
  }
  const reopen = async () => {
    const { payment: fresh } = await props.reopen();
    if (fresh?.payUrl) goToPaymentStep(fresh.payUrl);
  };
  return (
    <Button variant="primary" disabled={props.pending} onClick={() => void reopen()} data-testid="pay-booking">
      <CreditCard size={18} aria-hidden="true" /> {label}
    </Button>
  );
}
