import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { useLiveEvent } from '../../../lib/live-events';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { useFormatters } from '../../../lib/use-dates';
import { firmCalendarQuery } from '../api/calendar';
import { addDays, localDay, rangeOf } from '../bookings/booking-days';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { periodOf, stepPeriod, type CalendarView } from './calendar-days';
import { CalendarGrid } from './calendar-grid';
import { hoursOn, itemsByDay, type CalendarItem } from './calendar-items';
import { FeedPanel } from './feed-panel';
import styles from './calendar.module.css';

const VIEWS: CalendarView[] = ['month', 'week', 'day'];

/**
 * `workspace/calendar`: the firm's events and bookings by month, week or day over its opening hours,
 * in the firm's time zone whatever the device's; and, for owners and managers, the private feed.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const { firmId, firm, can } = useWorkspace();
  const [view, setView] = useState<CalendarView>('month');
  const [day, setDay] = useState(() => localDay(new Date(), firm.timezone));
  usePageTitle(t('calendar.title'));
  const { first, days } = periodOf(view, day);
  const { from, to } = rangeOf(first, days);
  const calendar = useQuery(firmCalendarQuery(firmId, from, to));
  const queryClient = useQueryClient();
  // a booking made or moved anywhere shows at once
  useLiveEvent('bookings', () => void queryClient.invalidateQueries({ queryKey: queryKeys.firmBookingsAll(firmId) }));

  const byDay = calendar.data ? itemsByDay(calendar.data, t('calendar.closure')) : new Map<string, CalendarItem[]>();
  const long = (d: string) => format.date(`${d}T12:00:00Z`, 'UTC', 'long');
  const language = i18n.language === 'ar' ? 'ar-u-nu-latn' : i18n.language;
  const title =
    view === 'month'
      ? new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
      : view === 'week'
        ? `${long(first)} – ${long(addDays(first, 6))}`
        : long(day);
  const open = (d: string) => {
    setDay(d);
    setView('day');
  };
  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('calendar.title')} lead={t('calendar.lead', { zone: firm.timezone })} />
      <PillTabs
        tabs={VIEWS.map((key) => ({ key, label: t(`calendar.${key}`) }))}
        selected={view}
        onSelect={setView}
        label={t('calendar.view')}
        idPrefix="calendar-view"
      />
      <div role="tabpanel" aria-labelledby={`calendar-view-${view}`} className={styles.panel}>
        <div className={styles.nav}>
          <Button size="small" onClick={() => setDay(stepPeriod(view, day, -1))} aria-label={t(`calendar.previous.${view}`)}>
            <ChevronLeft size={18} aria-hidden="true" className="flip-rtl" />
          </Button>
          <Button size="small" onClick={() => setDay(localDay(new Date(), firm.timezone))}>
            {t('calendar.today')}
          </Button>
          <Button size="small" onClick={() => setDay(stepPeriod(view, day, 1))} aria-label={t(`calendar.next.${view}`)}>
            <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
          </Button>
          <h2 id="calendar-period" className={ui.panelTitle} aria-live="polite">
            {title}
          </h2>
        </div>
        <p className={ui.muted}>{t('calendar.keys')}</p>
        {calendar.isError ? (
          <p role="alert">{t('loadFailed')}</p>
        ) : (
          <CalendarGrid
            view={view}
            first={first}
            days={days}
            focused={day}
            timeZone={firm.timezone}
            hours={calendar.data?.openingHours ?? []}
            items={byDay}
            label={title}
            onFocus={setDay}
            onOpen={open}
          />
        )}
        {view !== 'day' && calendar.isSuccess && (
          <DayDetail day={day} timeZone={firm.timezone} hours={hoursOn(calendar.data.openingHours, day)} items={byDay.get(day) ?? []} />
        )}
      </div>
      {can('calendar.feed') && <FeedPanel firmId={firmId} />}
    </div>
  );
}

/** The focused day in full below a month or a week: its hours and everything on it, times as ranges. */
function DayDetail({ day, timeZone, hours, items }: { day: string; timeZone: string; hours: string[]; items: CalendarItem[] }) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  return (
    <section className={ui.panel} aria-labelledby="calendar-day-title" data-testid="calendar-day-detail">
      <h3 id="calendar-day-title" className={ui.panelTitle}>
        {format.date(`${day}T12:00:00Z`, 'UTC', 'long')}
      </h3>
      <p className={ui.muted}>{hours.length ? <bdi>{hours.join(', ')}</bdi> : t('calendar.closed')}</p>
      {items.length === 0 ? (
        <p className={ui.muted}>{t('calendar.nothing')}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((item) => (
            <li
              key={item.id}
              className={[styles.item, styles.detailItem, styles[item.kind], item.off && styles.off].filter(Boolean).join(' ')}
            >
              {!item.allDay && <span className={styles.itemTime}>{format.timeRange(item.startsAt, item.endsAt, timeZone)}</span>}{' '}
              <bdi>{item.title}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
