import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import type { SlotChoice } from '../../../../shared/bookings';
import { deskSlotsQuery, useDeskWrites } from '../api/booking-desk';
import { bookingSetupQuery } from '../api/bookings';
import ui from '../ui/workspace-ui.module.css';
import { toastBookingProblem } from './booking-problem';
import styles from './bookings.module.css';

const EMPTY = { guestName: '', guestPhone: '', guestEmail: '' };
/** the choice of a table in the "what" list (services are listed by their ids) */
const TABLE = 'table';

/**
 * A booking for someone on the phone: their name (a number or email if they give one), a table for
 * a party or a service with one of its staff (or whoever is free), and one of the day's free starts.
 * A paid service booked here is paid at the firm. A start someone took meanwhile is refused, and the next free
 * ones are offered in its place.
 */
export function PhoneBooking({ firmId, day, timeZone }: { firmId: string; day: string; timeZone: string }) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const [date, setDate] = useState(day);
  const [party, setParty] = useState(2);
  const [what, setWhat] = useState(TABLE);
  const [staffId, setStaffId] = useState('');
  const [slot, setSlot] = useState('');
  const [guest, setGuest] = useState(EMPTY);
  const [offered, setOffered] = useState<string[] | null>(null);
  const setup = useQuery(bookingSetupQuery(firmId));
  const services = (setup.data?.services ?? []).filter((service) => service.staff.length > 0);
  const service = services.find((candidate) => candidate.id === what);
  const choice: SlotChoice = service ? { party: 1, serviceId: service.id, staffId: staffId || undefined } : { party };
  const slots = useQuery(deskSlotsQuery(firmId, date, choice));
  const { book } = useDeskWrites(firmId);
  const chosen = slot || slots.data?.slots[0] || '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    book.mutate(
      { startsAt: chosen, ...choice, ...guest },
      {
        onSuccess: () => {
          toast.success(t('desk.booked', { name: guest.guestName }));
          setGuest(EMPTY);
          setSlot('');
          setOffered(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setOffered((error.raw as { nextSlots?: string[] }).nextSlots ?? []);
            setSlot('');
          }
          toastBookingProblem(t)(error);
        },
      },
    );
  };
  const field = (key: keyof typeof EMPTY) => ({
    id: `phone-${key}`,
    label: t(`desk.${key}`),
    value: guest[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setGuest({ ...guest, [key]: e.target.value }),
  });
  return (
    <section className={ui.panel} aria-labelledby="phone-title">
      <h2 id="phone-title" className={ui.panelTitle}>
        {t('desk.phoneTitle')}
      </h2>
      <form className={styles.form} onSubmit={submit}>
        <TextField {...field('guestName')} maxLength={80} required autoComplete="off" />
        <TextField {...field('guestPhone')} type="tel" maxLength={40} dir="ltr" autoComplete="off" />
        <TextField {...field('guestEmail')} type="email" maxLength={200} dir="ltr" autoComplete="off" />
        {services.length > 0 && (
          <SelectField
            id="phone-what"
            label={t('desk.what')}
            value={what}
            onChange={(e) => {
              setWhat(e.target.value);
              setStaffId('');
              setSlot('');
            }}
          >
            <option value={TABLE}>{t('desk.aTable')}</option>
            {services.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
        )}
        {service ? (
          <SelectField
            id="phone-staff"
            label={t('desk.staff')}
            value={staffId}
            onChange={(e) => {
              setStaffId(e.target.value);
              setSlot('');
            }}
          >
            <option value="">{t('desk.anyone')}</option>
            {service.staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            id="phone-party"
            label={t('desk.party')}
            type="number"
            min={1}
            max={50}
            value={party}
            onChange={(e) => setParty(Math.max(1, Number(e.target.value) || 1))}
          />
        )}
        <TextField id="phone-date" label={t('desk.date')} type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
        <SelectField id="phone-slot" label={t('desk.slot')} value={chosen} onChange={(e) => setSlot(e.target.value)}>
          {(slots.data?.slots ?? []).map((at) => (
            <option key={at} value={at}>
              {format.time(at, timeZone)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" disabled={book.isPending || !chosen || !guest.guestName.trim()}>
          {t('desk.book')}
        </Button>
      </form>
      {slots.isSuccess && slots.data.slots.length === 0 && <p className={ui.muted}>{t('desk.noSlots')}</p>}
      {offered && (
        <div role="group" aria-labelledby="phone-offered" className={styles.offered}>
          <p id="phone-offered">{offered.length ? t('desk.nextFree') : t('desk.noneLater')}</p>
          {offered.map((at) => (
            <Button key={at} size="small" onClick={() => setSlot(at)} aria-pressed={chosen === at}>
              {format.time(at, timeZone)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
