import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck } from 'lucide-react';
import type { MyBooking } from '../../../../shared/bookings';
import type { FirmDetail } from '../../../../shared/firms';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { loginHref } from '../../../lib/login-popup';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { freeSlotsQuery, useBook } from '../api/bookings';
import { BookingSummary } from './booking-summary';
import { GuestBookingForm } from './guest-booking-form';
import { ClosedNotice, DayField, localToday, RefusalNote, refusalOf, SlotGrid, type Refusal } from './slot-picker';
import styles from './bookings.module.css';

/**
 * `/{username}/book`: a date and a party size, the free starts shown in the firm's time zone
 * (the device's zone plays no part), then one tap on a start and one on "Book".
 */
export function BookPage({ firm }: { firm: FirmDetail }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const user = useCurrentUser();
  const location = useLocation();
  const [date, setDate] = useState(() => localToday(firm.timezone));
  const [party, setParty] = useState(2);
  const [chosen, setChosen] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [booked, setBooked] = useState<MyBooking>();
  const offer = useQuery(freeSlotsQuery(firm.id, date, party));
  const book = useBook(user?.id ?? '');
  usePageTitle(t('book.title', { name: firm.name }));
  const largest = offer.data?.largestParty ?? 8;

  const choose = (slot: string) => {
    setChosen(slot);
    setRefusal(undefined);
  };
  const refuse = (error: unknown) => {
    setChosen(undefined);
    setRefusal(refusalOf(error));
  };
  const submit = () => {
    if (!chosen) return;
    book.mutate({ firmId: firm.id, startsAt: chosen, party }, { onSuccess: setBooked, onError: refuse });
  };

  if (booked) {
    return (
      <section className={styles.page} aria-labelledby="booked-title" data-testid="booking-confirmed">
        <h1 id="booked-title" className={styles.title}>
          <CalendarCheck size={24} aria-hidden="true" /> {t(booked.status === 'pending' ? 'book.requested' : 'book.confirmed')}
        </h1>
        <BookingSummary booking={booked} />
        <Link to="/profile/bookings" className={buttonClass({ variant: 'primary' })}>
          {t('book.seeMine')}
        </Link>
      </section>
    );
  }

  const slots = offer.data?.slots ?? [];
  return (
    <section className={styles.page} aria-labelledby="book-title">
      <h1 id="book-title" className={styles.title}>
        {t('book.title', { name: firm.name })}
      </h1>
      <div className={styles.choices}>
        <DayField
          id="booking-date"
          date={date}
          timeZone={firm.timezone}
          aheadDays={offer.data?.aheadDays}
          onChange={(day) => {
            setDate(day);
            setChosen(undefined);
            setRefusal(undefined);
          }}
        />
        <SelectField
          id="booking-party"
          label={t('book.party')}
          value={party}
          onChange={(event) => {
            setParty(Number(event.target.value));
            setChosen(undefined);
          }}
        >
          {Array.from({ length: largest }, (_, i) => i + 1).map((size) => (
            <option key={size} value={size}>
              {t('book.people', { count: size })}
            </option>
          ))}
        </SelectField>
      </div>
      <p className={styles.zone} data-testid="booking-zone">
        {t('book.zone', { zone: format.zone(`${date}T12:00:00Z`, firm.timezone) })}
      </p>
      {refusal && <RefusalNote refusal={refusal} />}
      <ClosedNotice closures={offer.data?.closures ?? []} date={date} timeZone={firm.timezone} />
      <SlotGrid
        label={t(refusal?.nextSlots.length ? 'refused.next' : 'book.slots')}
        slots={refusal?.nextSlots.length ? refusal.nextSlots : slots}
        chosen={chosen}
        timeZone={firm.timezone}
        onChoose={choose}
      />
      {offer.isPending && <p className={styles.muted}>{t('book.loading')}</p>}
      {offer.isError && <p role="alert">{t('book.loadFailed')}</p>}
      {offer.isSuccess && slots.length === 0 && offer.data.closures.length === 0 && !refusal && (
        <p className={styles.muted}>{t('book.none')}</p>
      )}
      {chosen &&
        (user ? (
          <Button variant="primary" block disabled={book.isPending} onClick={submit} data-testid="confirm-booking">
            {t('book.confirm', { time: format.time(chosen, firm.timezone), count: party })}
          </Button>
        ) : (
          <GuestBookingForm
            firmId={firm.id}
            startsAt={chosen}
            party={party}
            label={t('book.confirm', { time: format.time(chosen, firm.timezone), count: party })}
            loginHref={loginHref(location.pathname)}
            onRefused={refuse}
          />
        ))}
    </section>
  );
}
