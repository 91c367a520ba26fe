import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { deskSlotsQuery, useDeskWrites } from '../api/booking-desk';
import ui from '../ui/workspace-ui.module.css';
import { toastBookingProblem } from './booking-problem';
import styles from './bookings.module.css';

const EMPTY = { guestName: '', guestPhone: '', guestEmail: '' };

/**
 * A booking for someone on the phone: their name (a number or email if they give one), the party
 * and one of the day's free starts. A start someone took meanwhile is refused, and the next free
 * ones are offered in its place.
 */
export function PhoneBooking({ firmId, day, timeZone }: { firmId: string; day: string; timeZone: string }) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const [date, setDate] = useState(day);
  const [party, setParty] = useState(2);
  const [slot, setSlot] = useState('');
  const [guest, setGuest] = useState(EMPTY);
  const [offered, setOffered] = useState<string[] | null>(null);
  const slots = useQuery(deskSlotsQuery(firmId, date, { party }));
  const { book } = useDeskWrites(firmId);
  const chosen = slot || slots.data?.slots[0] || '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    book.mutate(
      { startsAt: chosen, party, ...guest },
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
        <TextField
          id="phone-party"
          label={t('desk.party')}
          type="number"
          min={1}
          max={50}
          value={party}
          onChange={(e) => setParty(Math.max(1, Number(e.target.value) || 1))}
        />
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
