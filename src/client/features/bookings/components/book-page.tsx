import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck } from 'lucide-react';
import { BOOKING_REFUSALS, type MyBooking } from '../../../../shared/bookings';
import type { FirmDetail } from '../../../../shared/firms';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import inputs from '../../../components/ui/text-field.module.css';
import { ApiError } from '../../../lib/api-client';
import { loginHref } from '../../../lib/login-popup';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { freeSlotsQuery, useBook } from '../api/bookings';
import { BookingSummary } from './booking-summary';
import { GuestBookingForm } from './guest-booking-form';
import styles from './bookings.module.css';

/** Today in the firm's zone (YYYY-MM-DD), whatever the device's zone says. */
export const localToday = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Refusal {
  code: string;
  nextSlots: string[];
}

function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const raw = error.raw as { nextSlots?: string[] } | undefined;
  return { code: error.code ?? 'slot_taken', nextSlots: raw?.nextSlots ?? [] };
}

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
  const today = localToday(firm.timezone);
  const largest = offer.data?.largestParty ?? 8;

  const choose = (slot: string) => {
    setChosen(slot);
    setRefusal(undefined);
  };
  const refuse = (error: unknown) => {
    setChosen(undefined);
    setRefusal(refusalOf(error) ?? { code: 'unexpected', nextSlots: [] });
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
        <div className={inputs.field}>
          <label className={inputs.label} htmlFor="booking-date">
            {t('book.date')}
          </label>
          <input
            id="booking-date"
            type="date"
            className={inputs.input}
            value={date}
            min={today}
            max={addDays(today, offer.data?.aheadDays ?? 60)}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
              setChosen(undefined);
              setRefusal(undefined);
            }}
          />
        </div>
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
      {refusal && (
        <div className={styles.refusal} role="alert">
          <p>{t(BOOKING_REFUSALS.includes(refusal.code as never) ? `refused.${refusal.code}` : 'refused.unexpected')}</p>
          {refusal.nextSlots.length > 0 && <p>{t('refused.next')}</p>}
        </div>
      )}
      <SlotGrid
        label={t(refusal?.nextSlots.length ? 'refused.next' : 'book.slots')}
        slots={refusal?.nextSlots.length ? refusal.nextSlots : slots}
        chosen={chosen}
        timeZone={firm.timezone}
        onChoose={choose}
      />
      {offer.isPending && <p className={styles.muted}>{t('book.loading')}</p>}
      {offer.isError && <p role="alert">{t('book.loadFailed')}</p>}
      {offer.isSuccess && slots.length === 0 && !refusal && <p className={styles.muted}>{t('book.none')}</p>}
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

function SlotGrid(props: { label: string; slots: string[]; chosen?: string; timeZone: string; onChoose: (slot: string) => void }) {
  const format = useFormatters();
  if (props.slots.length === 0) return null;
  return (
    <ul className={styles.slots} aria-label={props.label} data-testid="booking-slots">
      {props.slots.map((slot) => (
        <li key={slot}>
          <button
            type="button"
            className={slot === props.chosen ? `${styles.slot} ${styles.slotChosen}` : styles.slot}
            aria-pressed={slot === props.chosen}
            onClick={() => props.onChoose(slot)}
          >
            {format.time(slot, props.timeZone)}
          </button>
        </li>
      ))}
    </ul>
  );
}
