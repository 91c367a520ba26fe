import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BookingSetup as Setup, FirmBooking } from '../../../../shared/bookings';
import { TextField } from '../../../components/ui/text-field';
import { useLiveEvent } from '../../../lib/live-events';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { bookingSetupQuery, firmBookingsQuery } from '../api/bookings';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { BookingAgenda } from './booking-agenda';
import { addDays, localDay, rangeOf } from './booking-days';
import { BookingSetup } from './booking-setup';
import { DeskTimeline } from './desk-timeline';
import { GuestCard } from './guest-card';
import { PhoneBooking } from './phone-booking';

const UPCOMING_DAYS = 14;

/** The team members with a row on the desk: those who give a service, and anyone booked that day. */
const staffRows = (setup: Setup, bookings: FirmBooking[]) =>
  setup.team.filter(
    (member) =>
      setup.services.some((service) => service.staff.some((giver) => giver.id === member.id)) ||
      bookings.some((booking) => booking.staff?.id === member.id),
  );

/**
 * `workspace/bookings`, the desk: a day's bookings by table and staff member and as a list with their actions, a
 * booking for a caller, a guest's card with the team's notes; then the next two weeks and what can
 * be booked. Every change, here or from the firm's page, arrives live.
 */
export function BookingsPage() {
  const { t } = useTranslation('workspace-bookings');
  const { firmId, firm, can } = useWorkspace();
  const today = localDay(new Date(), firm.timezone);
  const [day, setDay] = useState(today);
  const [open, setOpen] = useState<FirmBooking | null>(null);
  const queryClient = useQueryClient();
  useLiveEvent('bookings', () => void queryClient.invalidateQueries({ queryKey: queryKeys.firmBookingsAll(firmId) }));
  usePageTitle(t('title'));
  const { from, to } = rangeOf(day, 1);
  const list = useQuery(firmBookingsQuery(firmId, from, to));
  const setup = useQuery(bookingSetupQuery(firmId));
  const ofDay = (list.data?.bookings ?? []).filter((booking) => localDay(booking.startsAt, firm.timezone) === day);
  // the card follows the booking as it changes (seated, cancelled) while it is open
  const current = open && (ofDay.find((booking) => booking.id === open.id) ?? open);
  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('title')} lead={t('lead', { zone: firm.timezone })} />
      <section className={ui.panel} aria-labelledby="desk-title">
        <h2 id="desk-title" className={ui.panelTitle}>
          {day === today ? t('desk.today') : t('desk.theDay')}
        </h2>
        <TextField
          id="desk-day"
          label={t('desk.date')}
          type="date"
          value={day}
          onChange={(e) => e.target.value && setDay(e.target.value)}
        />
        {setup.isSuccess && list.isSuccess && (
          <DeskTimeline
            day={day}
            timeZone={firm.timezone}
            hours={firm.openingHours}
            slotMinutes={setup.data.rules.slotMinutes}
            rows={[...setup.data.tables, ...staffRows(setup.data, ofDay)]}
            bookings={ofDay}
            onOpen={setOpen}
          />
        )}
      </section>
      {current && <GuestCard key={current.id} firmId={firmId} booking={current} timeZone={firm.timezone} onClose={() => setOpen(null)} />}
      <BookingAgenda firmId={firmId} first={day} days={1} onOpen={setOpen} />
      <PhoneBooking key={day} firmId={firmId} day={day} timeZone={firm.timezone} />
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className={ui.panelTitle}>
          {t('agenda.upcoming')}
        </h2>
        <BookingAgenda firmId={firmId} first={addDays(today, 1)} days={UPCOMING_DAYS} onOpen={setOpen} />
      </section>
      <BookingSetup firmId={firmId} timeZone={firm.timezone} editable={can('firm.edit')} />
    </div>
  );
}
