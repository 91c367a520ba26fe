import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-head';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { BookingAgenda } from './booking-agenda';
import { localDay } from './booking-days';
import { BookingSetup } from './booking-setup';

const UPCOMING_DAYS = 14;

/** `workspace/bookings`: the bookings of the next two weeks with their actions, and what can be booked. */
export function BookingsPage() {
  const { t } = useTranslation('workspace-bookings');
  const { firmId, firm, can } = useWorkspace();
  usePageTitle(t('title'));
  return (
    <div className={ui.page}>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{t('title')}</h1>
          <p className={ui.lead}>{t('lead', { zone: firm.timezone })}</p>
        </div>
      </header>
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className={ui.panelTitle}>
          {t('agenda.upcoming')}
        </h2>
        <BookingAgenda firmId={firmId} first={localDay(new Date(), firm.timezone)} days={UPCOMING_DAYS} />
      </section>
      <BookingSetup firmId={firmId} editable={can('firm.edit')} />
    </div>
  );
}
