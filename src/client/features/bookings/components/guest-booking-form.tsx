import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import { GUEST_HOLD_MINUTES, type BookingInput, type ManagedBooking } from '../../../../shared/bookings';
import { normalizeLanguage } from '../../../../shared/i18n';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { goToPaymentStep } from '../../../lib/checkout';
import { useGuestBook } from '../api/bookings';
import { BookingSummary } from './booking-summary';
import styles from './bookings.module.css';

interface Props {
  /** the firm, start and party, or service and staff member, chosen */
  choice: BookingInput;
  /** a label for the chosen time and party, as on the member's button */
  label: string;
  loginHref: string;
  onRefused: (error: unknown) => void;
}

/**
 * A visitor without an account books with a name and an email: the table or staff member's time is held, and the mailed
 * link confirms it. Signing in (two taps next time) stays offered beside it.
 */
export function GuestBookingForm(props: Props) {
  const { t, i18n } = useTranslation('bookings');
  const book = useGuestBook();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [held, setHeld] = useState<{ booking: ManagedBooking; email: string }>();

  if (held) {
    return (
      <section className={styles.card} aria-labelledby="held-title" data-testid="booking-held">
        <h2 id="held-title" className={styles.subtitle}>
          <MailCheck size={20} aria-hidden="true" /> {t('guest.heldTitle')}
        </h2>
        <p role="status">{t('guest.held', { email: held.email, minutes: GUEST_HOLD_MINUTES })}</p>
        <BookingSummary booking={held.booking} />
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    book.mutate(
      {
        ...props.choice,
        name: name.trim(),
        email: email.trim(),
        language: normalizeLanguage(i18n.language),
      },
      {
        // a paid service goes on to the payment step, which confirms the booking
        onSuccess: (booking) =>
          booking.payment?.payUrl ? goToPaymentStep(booking.payment.payUrl) : setHeld({ booking, email: email.trim() }),
        onError: props.onRefused,
      },
    );
  };

  return (
    <form className={styles.guest} onSubmit={submit} aria-labelledby="guest-title">
      <h2 id="guest-title" className={styles.subtitle}>
        {t('guest.title')}
      </h2>
      <TextField
        id="guest-name"
        label={t('guest.name')}
        autoComplete="name"
        required
        maxLength={80}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        id="guest-email"
        label={t('guest.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint={t('guest.emailHint', { minutes: GUEST_HOLD_MINUTES })}
      />
      <Button type="submit" variant="primary" block disabled={book.isPending} data-testid="guest-book">
        {props.label}
      </Button>
      <a className={buttonClass({ variant: 'secondary', block: true })} href={props.loginHref}>
        {t('book.signIn')}
      </a>
    </form>
  );
}
