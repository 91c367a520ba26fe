import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck } from 'lucide-react';
import { amountDueAtBooking, type MyBooking, type PublicServices, type SlotChoice } from '../../../../shared/bookings';
import type { FirmDetail } from '../../../../shared/firms';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { loginHref } from '../../../lib/login-popup';
import { usePageTitle } from '../../../lib/page-head';
import { goToPaymentStep } from '../../../lib/checkout';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { freeSlotsQuery, publicServicesQuery, useBook, useSettleMyPayment } from '../api/bookings';
import { BookingSummary } from './booking-summary';
import { PayBooking } from './booking-payment';
import { GuestBookingForm } from './guest-booking-form';
import { ClosedNotice, DayField, localToday, RefusalNote, refusalOf, SlotGrid, type Refusal } from './slot-picker';
import styles from './bookings.module.css';

/** the choice of a table in the "what" list (services are listed by their ids) */
const TABLE = 'table';

/**
 * `/{username}/book`: a table for a party size, or a service with a staff member (or whoever is
 * free), and a date; the free starts shown in the firm's time zone (the device's zone plays no
 * part), then one tap on a start and one on "Book".
 */
export function BookPage({ firm }: { firm: FirmDetail }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const user = useCurrentUser();
  const location = useLocation();
  const [date, setDate] = useState(() => localToday(firm.timezone));
  const [party, setParty] = useState(2);
  const [what, setWhat] = useState(TABLE);
  const [staffId, setStaffId] = useState('');
  const [chosen, setChosen] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [booked, setBooked] = useState<MyBooking>();
  const offered = useQuery(publicServicesQuery(firm.id));
  const services = offered.data?.services ?? [];
  // a firm without tables books its services only: the first is chosen to start with
  const service = services.find((candidate) => candidate.id === what) ?? (offered.data?.hasTables === false ? services[0] : undefined);
  const choice: SlotChoice = service ? { party: 1, serviceId: service.id, staffId: staffId || undefined } : { party };
  const offer = useQuery({ ...freeSlotsQuery(firm.id, date, choice), enabled: offered.isSuccess });
  const book = useBook(user?.id ?? '');
  const settle = useSettleMyPayment(user?.id ?? '');
  const title = services.length > 0 ? t('book.titleAny', { name: firm.name }) : t('book.title', { name: firm.name });
  usePageTitle(title);
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
    // a paid service goes on to the payment step; the booking holds its time meanwhile
    const onSuccess = (made: MyBooking) => (made.payment?.payUrl ? goToPaymentStep(made.payment.payUrl) : setBooked(made));
    book.mutate({ firmId: firm.id, startsAt: chosen, ...choice }, { onSuccess, onError: refuse });
  };
  const confirmLabel = chosen
    ? service
      ? t('book.confirmService', { service: service.name, time: format.time(chosen, firm.timezone) })
      : t('book.confirm', { time: format.time(chosen, firm.timezone), count: party })
    : '';
  const reset = () => {
    setChosen(undefined);
    setRefusal(undefined);
  };

  if (booked) {
    return (
      <section className={styles.page} aria-labelledby="booked-title" data-testid="booking-confirmed">
        <h1 id="booked-title" className={styles.title}>
          <CalendarCheck size={24} aria-hidden="true" />{' '}
          {t(booked.status === 'pending' ? 'book.requested' : booked.service ? 'book.confirmedService' : 'book.confirmed')}
        </h1>
        <BookingSummary booking={booked} />
        <PayBooking payment={booked.payment} pending={settle.isPending} reopen={() => settle.mutateAsync(booked.id)} />
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
        {title}
      </h1>
      <div className={styles.choices}>
        {services.length > 0 && (
          <SelectField
            id="booking-what"
            label={t('book.what')}
            value={service?.id ?? TABLE}
            onChange={(event) => {
              setWhat(event.target.value);
              setStaffId('');
              reset();
            }}
          >
            {offered.data?.hasTables && <option value={TABLE}>{t('book.aTable')}</option>}
            {services.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {t('book.serviceOption', {
                  name: candidate.name,
                  minutes: candidate.durationMinutes,
                  price: candidate.priceMinor === null ? t('book.free') : format.money(candidate.priceMinor, offered.data?.currency ?? ''),
                })}
              </option>
            ))}
          </SelectField>
        )}
        {service && (
          <SelectField
            id="booking-staff"
            label={t('book.staff')}
            value={staffId}
            onChange={(event) => {
              setStaffId(event.target.value);
              reset();
            }}
          >
            <option value="">{t('book.anyone')}</option>
            {service.staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </SelectField>
        )}
        <DayField
          id="booking-date"
          date={date}
          timeZone={firm.timezone}
          aheadDays={offer.data?.aheadDays}
          onChange={(day) => {
            setDate(day);
            reset();
          }}
        />
        {!service && (
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
        )}
      </div>
      {service && <PaidNote service={service} currency={offered.data?.currency ?? ''} />}
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
        <p className={styles.muted}>{t(service ? 'book.noneService' : 'book.none')}</p>
      )}
      {chosen &&
        (user ? (
          <Button variant="primary" block disabled={book.isPending} onClick={submit} data-testid="confirm-booking">
            {confirmLabel}
          </Button>
        ) : (
          <GuestBookingForm
            choice={{ firmId: firm.id, startsAt: chosen, ...choice }}
            label={confirmLabel}
            loginHref={loginHref(location.pathname)}
            onRefused={refuse}
          />
        ))}
    </section>
  );
}

/** What booking a paid service takes now, and what is left to pay at the firm. */
function PaidNote({ service, currency }: { service: PublicServices['services'][number]; currency: string }) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const due = amountDueAtBooking(service);
  if (due === 0 || service.priceMinor === null) return null;
  const amount = format.money(due, currency);
  return (
    <p className={styles.muted} data-testid="booking-paid-note">
      {service.depositMinor === null
        ? t('pay.whole', { amount })
        : t('pay.deposit', { amount, rest: format.money(service.priceMinor - service.depositMinor, currency) })}
    </p>
  );
}
