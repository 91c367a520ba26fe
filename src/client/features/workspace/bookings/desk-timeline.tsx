import { useTranslation } from 'react-i18next';
import type { FirmBooking } from '../../../../shared/bookings';
import type { OpeningInterval } from '../../../../shared/firms';
import { useFormatters } from '../../../lib/use-dates';
import { hoursOn } from '../calendar/calendar-items';
import { localDay } from './booking-days';
import { rowOf } from './held-by';
import styles from './bookings.module.css';

const HOUR = 60;
/** a closed day with nothing booked still draws the usual evening */
const FALLBACK = { from: 12 * HOUR, to: 22 * HOUR };

/** Minutes since the local midnight of `day`, by the firm's wall clock (past midnight counts on). */
function wallMinutes(at: string, day: string, timeZone: string): number {
  const [hours, minutes] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(at))
    .split(':')
    .map(Number);
  return hours * HOUR + minutes + (localDay(at, timeZone) > day ? 24 * HOUR : 0);
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * HOUR + Number(clock.slice(3, 5));

/** The whole hours the timeline spans: the day's opening hours and every booking on it. */
function spanOf(day: string, hours: readonly OpeningInterval[], bookings: FirmBooking[], timeZone: string) {
  const edges = hoursOn(hours, day).flatMap((range) => {
    const [open, close] = range.split('–').map(toMinutes);
    return [open, close <= open ? close + 24 * HOUR : close];
  });
  for (const booking of bookings) edges.push(wallMinutes(booking.startsAt, day, timeZone), wallMinutes(booking.endsAt, day, timeZone));
  if (edges.length === 0) return FALLBACK;
  return { from: Math.floor(Math.min(...edges) / HOUR) * HOUR, to: Math.ceil(Math.max(...edges) / HOUR) * HOUR };
}

/**
 * A day by table and staff member: a row per table and per one who gives a service, time running
 * along it in slot-wide columns, each booking a button spanning its turn or its service. The grid is drawn in the page's direction, so time runs right to left in Arabic.
 */
export function DeskTimeline({
  day,
  timeZone,
  hours,
  slotMinutes,
  rows,
  bookings,
  onOpen,
}: {
  day: string;
  timeZone: string;
  hours: readonly OpeningInterval[];
  slotMinutes: number;
  /** the tables, then the staff members who give services */
  rows: { id: string; name: string }[];
  bookings: FirmBooking[];
  onOpen: (booking: FirmBooking) => void;
}) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const held = bookings.filter((booking) => booking.status !== 'cancelled');
  const span = spanOf(day, hours, held, timeZone);
  const columns = (span.to - span.from) / slotMinutes;
  const perHour = HOUR / slotMinutes;
  const template = { gridTemplateColumns: `minmax(5rem, 8rem) repeat(${columns}, minmax(1.25rem, 1fr))` };
  const column = (minutes: number) => 2 + Math.round((minutes - span.from) / slotMinutes);
  if (rows.length === 0) return <p>{t('tables.none')}</p>;
  return (
    <div className={styles.timelineScroll}>
      <div className={styles.timeline} data-testid="desk-timeline">
        <div className={styles.timelineRow} style={template} aria-hidden="true">
          {Array.from({ length: (span.to - span.from) / HOUR }, (_, i) => (
            <span key={i} className={styles.timelineHour} style={{ gridColumn: `${2 + i * perHour} / span ${perHour}` }}>
              {String((span.from / HOUR + i) % 24).padStart(2, '0')}:00
            </span>
          ))}
        </div>
        {rows.map((row) => (
          <div key={row.id} role="group" aria-label={row.name} className={styles.timelineRow} style={template} data-testid="desk-table-row">
            <bdi className={styles.timelineTable}>{row.name}</bdi>
            {held
              .filter((booking) => rowOf(booking) === row.id)
              .map((booking) => {
                const start = wallMinutes(booking.startsAt, day, timeZone);
                const end = wallMinutes(booking.endsAt, day, timeZone);
                return (
                  <button
                    key={booking.id}
                    type="button"
                    className={[styles.timelineBooking, styles[`status_${booking.status}`]].join(' ')}
                    style={{ gridColumn: `${column(start)} / ${column(end)}`, gridRow: 1 }}
                    onClick={() => onOpen(booking)}
                    aria-label={t('desk.timelineLabel', {
                      time: format.timeRange(booking.startsAt, booking.endsAt, timeZone),
                      name: booking.guestName,
                      party: t('party', { count: booking.party }),
                      status: t(`status.${booking.status}`),
                    })}
                  >
                    <bdi>{booking.guestName}</bdi> · {booking.party}
                  </button>
                );
              })}
          </div>
        ))}
      </div>
    </div>
  );
}
