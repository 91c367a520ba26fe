import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { BookingAgenda } from './booking-agenda';
import { addDays, localDay } from './booking-days';
import styles from './bookings.module.css';

type View = 'day' | 'week';
const LENGTH: Record<View, number> = { day: 1, week: 7 };

/** `workspace/calendar`: the firm's bookings by day or week, in the firm's time zone, stepped back and forth. */
export function CalendarPage() {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const { firmId, firm } = useWorkspace();
  const [view, setView] = useState<View>('day');
  const [first, setFirst] = useState(() => localDay(new Date(), firm.timezone));
  usePageTitle(t('calendar.title'));
  const days = LENGTH[view];
  const label = (day: string) => format.date(`${day}T12:00:00Z`, 'UTC', 'medium');
  return (
    <div className={ui.page}>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{t('calendar.title')}</h1>
          <p className={ui.lead}>{t('calendar.lead', { zone: firm.timezone })}</p>
        </div>
      </header>
      <PillTabs
        tabs={[
          { key: 'day', label: t('calendar.day') },
          { key: 'week', label: t('calendar.week') },
        ]}
        selected={view}
        onSelect={setView}
        label={t('calendar.view')}
        idPrefix="calendar-view"
      />
      <div className={styles.nav} role="tabpanel" aria-labelledby={`calendar-view-${view}`}>
        <Button size="small" onClick={() => setFirst(addDays(first, -days))} aria-label={t('calendar.previous')}>
          <ChevronLeft size={18} aria-hidden="true" className="flip-rtl" />
        </Button>
        <Button size="small" onClick={() => setFirst(localDay(new Date(), firm.timezone))}>
          {t('calendar.today')}
        </Button>
        <Button size="small" onClick={() => setFirst(addDays(first, days))} aria-label={t('calendar.next')}>
          <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
        </Button>
        <h2 className={ui.panelTitle} aria-live="polite">
          {days === 1 ? label(first) : `${label(first)} – ${label(addDays(first, days - 1))}`}
        </h2>
      </div>
      <BookingAgenda firmId={firmId} first={first} days={days} />
    </div>
  );
}
