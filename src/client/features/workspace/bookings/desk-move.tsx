import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FirmBooking } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { deskSlotsQuery, useDeskWrites } from '../api/booking-desk';
import { localDay } from './booking-days';
import { toastBookingProblem } from './booking-problem';
import styles from './bookings.module.css';

/**
 * The desk moves a booking (a caller asks for another time) to one of the free starts for its
 * party; the booker gets the new time by mail, and every open desk and calendar reads again.
 */
export function DeskMove({ firmId, booking, timeZone }: { firmId: string; booking: FirmBooking; timeZone: string }) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const [date, setDate] = useState(() => localDay(booking.startsAt, timeZone));
  const [slot, setSlot] = useState('');
  // a service's booking moves with its staff member, as the server keeps them
  const choice =
    booking.service && booking.staff ? { party: 1, serviceId: booking.service.id, staffId: booking.staff.id } : { party: booking.party };
  const slots = useQuery(deskSlotsQuery(firmId, date, choice));
  const { move } = useDeskWrites(firmId);
  const free = (slots.data?.slots ?? []).filter((at) => at !== booking.startsAt);
  const chosen = free.includes(slot) ? slot : (free[0] ?? '');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    move.mutate(
      { bookingId: booking.id, startsAt: chosen },
      {
        onSuccess: () => toast.success(t('desk.moved', { name: booking.guestName, time: format.dateTime(chosen, timeZone, 'medium') })),
        onError: toastBookingProblem(t),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('desk.moveTitle')} data-testid="desk-move">
      <TextField id="move-date" label={t('desk.moveDate')} type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
      <SelectField id="move-slot" label={t('desk.slot')} value={chosen} onChange={(e) => setSlot(e.target.value)}>
        {free.map((at) => (
          <option key={at} value={at}>
            {format.time(at, timeZone)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={move.isPending || !chosen}>
        {t('desk.move')}
      </Button>
      {slots.isSuccess && free.length === 0 && <p>{t('desk.noSlots')}</p>}
    </form>
  );
}
