import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-dates';
import { dayList, keyMove, type CalendarView } from './calendar-days';
import { hoursOn, type CalendarItem } from './calendar-items';
import type { OpeningInterval } from '../../../../shared/firms';
import styles from './calendar.module.css';

/** the items a month cell lists before "+N more" */
const MONTH_ITEMS = 3;

interface GridProps {
  view: CalendarView;
  first: string;
  days: number;
  focused: string;
  timeZone: string;
  hours: readonly OpeningInterval[];
  items: Map<string, CalendarItem[]>;
  label: string;
  onFocus: (day: string) => void;
  onOpen: (day: string) => void;
}

/**
 * The days of a view as a grid (WAI-ARIA grid pattern): one focusable day at a time, arrows move it,
 * Page Up/Down change the period, Home/End go to the week's ends, Enter opens the day.
 */
export function CalendarGrid({ view, first, days, focused, timeZone, hours, items, label, onFocus, onOpen }: GridProps) {
  const { i18n } = useTranslation('workspace-bookings');
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const all = dayList(first, days);
  const columns = view === 'day' ? 1 : 7;
  const rows = Array.from({ length: all.length / columns }, (_, i) => all.slice(i * columns, (i + 1) * columns));
  const month = focused.slice(0, 7);
  const weekdayName = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });

  useEffect(() => {
    // only a key press moves the focus with the day: a click or a button leaves it where it is
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, view]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = keyMove(event.key, view, focused, rtl);
    if (next === null || (next === 'open' && view === 'day')) return;
    event.preventDefault();
    moved.current = true;
    if (next === 'open') onOpen(focused);
    else onFocus(next);
  };

  return (
    // roving focus: the focused day is the one tab stop and its keys bubble up to the grid
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div ref={grid} role="grid" aria-label={label} className={styles.grid} data-view={view} onKeyDown={onKeyDown}>
      <div role="row" className={styles.weekdays} data-columns={columns}>
        {rows[0].map((day) => (
          <div role="columnheader" key={day} className={styles.weekday}>
            {weekdayName.format(new Date(`${day}T12:00:00Z`))}
          </div>
        ))}
      </div>
      {rows.map((row) => (
        <div role="row" key={row[0]} className={styles.row} data-columns={columns}>
          {row.map((day) => (
            <DayCell
              key={day}
              day={day}
              view={view}
              focused={day === focused}
              outside={view === 'month' && day.slice(0, 7) !== month}
              timeZone={timeZone}
              hours={hoursOn(hours, day)}
              items={items.get(day) ?? []}
              onFocus={onFocus}
              onOpen={onOpen}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function DayCell({
  day,
  view,
  focused,
  outside,
  timeZone,
  hours,
  items,
  onFocus,
  onOpen,
}: {
  day: string;
  view: CalendarView;
  focused: boolean;
  outside: boolean;
  timeZone: string;
  hours: string[];
  items: CalendarItem[];
  onFocus: (day: string) => void;
  onOpen: (day: string) => void;
}) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const shown = view === 'month' ? items.slice(0, MONTH_ITEMS) : items;
  const count = (kind: CalendarItem['kind']) => items.filter((item) => item.kind === kind).length;
  const open = hours.length ? hours.join(', ') : t('calendar.closed');
  // what the cell does not show in words (the whole date, a month's hours, closures, the counts) is read out with
  // what it shows: its name comes from its content, so the words on screen are part of it
  const unseen = [
    ...items.filter((item) => item.kind === 'closure').map((item) => item.title),
    t('calendar.bookingCount', { count: count('booking') }),
    t('calendar.eventCount', { count: count('event') }),
  ].join(' · ');
  return (
    // a day's keys are the grid's (above): Enter opens it, arrows leave it
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      role="gridcell"
      tabIndex={focused ? 0 : -1}
      aria-selected={focused}
      data-day={day}
      data-testid="calendar-day"
      className={[styles.cell, focused && styles.focused, outside && styles.outside].filter(Boolean).join(' ')}
      onClick={() => onFocus(day)}
      onDoubleClick={() => onOpen(day)}
    >
      <span className={styles.dayNumber} aria-hidden="true">
        {format.dayAndMonth(`${day}T12:00:00Z`, 'UTC').day}
      </span>
      <span className="visually-hidden">{format.date(`${day}T12:00:00Z`, 'UTC', 'long')} · </span>
      {view !== 'month' && <span className={styles.hours}>{hours.length ? <bdi>{open}</bdi> : open}</span>}
      {view === 'month' &&
        (hours.length === 0 ? <span className={styles.closedMark}>{open}</span> : <span className="visually-hidden">{open}</span>)}
      <span className="visually-hidden"> · {unseen}</span>
      <ul className={styles.items} aria-hidden="true">
        {shown.map((item) => (
          <li key={item.id} className={[styles.item, styles[item.kind], item.off && styles.off].filter(Boolean).join(' ')}>
            {!item.allDay && (
              <>
                <span className={styles.itemTime}>
                  {view === 'day' ? format.timeRange(item.startsAt, item.endsAt, timeZone) : format.time(item.startsAt, timeZone)}
                </span>{' '}
              </>
            )}
            <bdi className={styles.itemTitle}>{item.title}</bdi>
          </li>
        ))}
        {items.length > shown.length && <li className={styles.more}>{t('calendar.more', { count: items.length - shown.length })}</li>}
      </ul>
      <span className={styles.dots} aria-hidden="true">
        {items.slice(0, 4).map((item) => (
          <span key={item.id} className={[styles.dot, styles[item.kind]].join(' ')} />
        ))}
      </span>
    </div>
  );
}
