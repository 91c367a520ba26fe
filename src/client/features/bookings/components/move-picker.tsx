import { useState } from 'react';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { slotChoiceOf } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { freeSlotsQuery } from '../api/bookings';
import { ClosedNotice, DayField, localToday, RefusalNote, refusalOf, SlotGrid, type Refusal } from './slot-picker';
import styles from './bookings.module.css';

interface MovePickerProps {
  booking: { startsAt: string; party: number; service: { id: string; staffId: string } | null; firm: { id: string; timeZone: string } };
  /** moves the booking to the start it is given */
  move: UseMutationResult<unknown, Error, string>;
  onDone: () => void;
}

/**
 * Another day and start for a booking, among the firm's free starts for its party: the same picker
 * as booking, the booking's own start left out. The server moves it in one go or says why not.
 */
export function MovePicker({ booking, move, onDone }: MovePickerProps) {
  const { t } = useTranslation('bookings');
  const format = useFormatters();
  const { timeZone, id: firmId } = booking.firm;
  const [date, setDate] = useState(() => localToday(timeZone, new Date(booking.startsAt)));
  const [chosen, setChosen] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const offer = useQuery(freeSlotsQuery(firmId, date, slotChoiceOf(booking)));
  const slots = (refusal?.nextSlots.length ? refusal.nextSlots : (offer.data?.slots ?? [])).filter((slot) => slot !== booking.startsAt);

  const submit = () => {
    if (!chosen) return;
    move.mutate(chosen, {
      onSuccess: () => {
        toast.success(t('move.done', { time: format.dateTime(chosen, timeZone, 'long') }));
        onDone();
      },
      onError: (error) => {
        setChosen(undefined);
        setRefusal(refusalOf(error));
      },
    });
  };

  return (
    <fieldset className={styles.move} data-testid="move-booking">
      <legend className={styles.subtitle}>{t('move.title')}</legend>
      <DayField
        id="move-date"
        date={date}
        timeZone={timeZone}
        aheadDays={offer.data?.aheadDays}
        onChange={(day) => {
          setDate(day);
          setChosen(undefined);
          setRefusal(undefined);
        }}
      />
      <ClosedNotice closures={offer.data?.closures ?? []} date={date} timeZone={timeZone} />
      {refusal && <RefusalNote refusal={refusal} />}
      <SlotGrid
        label={t('move.slots')}
        slots={slots}
        chosen={chosen}
        timeZone={timeZone}
        onChoose={(slot) => {
          setChosen(slot);
          setRefusal(undefined);
        }}
      />
      {offer.isSuccess && slots.length === 0 && offer.data.closures.length === 0 && !refusal && (
        <p className={styles.muted}>{t('book.none')}</p>
      )}
      <div className={styles.moveActions}>
        {chosen && (
          <Button variant="primary" disabled={move.isPending} onClick={submit} data-testid="confirm-move">
            {t('move.confirm', { time: format.time(chosen, timeZone) })}
          </Button>
        )}
        <Button variant="ghost" onClick={onDone}>
          {t('move.keep')}
        </Button>
      </div>
    </fieldset>
  );
}
