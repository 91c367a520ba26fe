import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Download } from 'lucide-react';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { buttonClass } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { useFormatters } from '../../../lib/use-dates';
import type { AttendeeList } from '../../../../shared/checkin';
import { ownerEventQuery } from '../events/events-api';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';

const attendeesPath = (eventId: string) => `/api/dashboard/checkin/events/${encodeURIComponent(eventId)}/attendees`;

/** `workspace/events/{shortId}/attendees`: who holds a valid ticket, by tier, and who came in; a CSV to download. */
export function AttendeesPage({ shortId }: { shortId: string }) {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const format = useFormatters();
  usePageTitle(t('attendees.title'));
  const event = useQuery(ownerEventQuery(workspace.firmId, shortId));
  const eventId = event.data?.id;
  const list = useQuery({
    queryKey: queryKeys.eventAttendees(workspace.firmId, eventId ?? ''),
    queryFn: () => apiRequest<AttendeeList>(attendeesPath(eventId!)),
    enabled: Boolean(eventId),
  });

  const failed = event.error ?? list.error;
  if (failed) {
    return (
      <div className={ui.page}>
        <p className={ui.errorBox} role="alert">
          {contentProblem(t, failed)}
        </p>
      </div>
    );
  }
  if (!list.data) return <PageSpinner />;
  const { event: shown, attendees } = list.data;
  const admitted = attendees.filter((row) => row.checkedInAt).length;
  return (
    <div className={ui.page}>
      <Link to="/workspace/events/$eventId" params={{ eventId: shortId }} className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> <bdi>{shown.name}</bdi>
      </Link>
      <WorkspacePageHeader
        title={t('attendees.title')}
        actions={
          attendees.length > 0 && (
            <a href={`${attendeesPath(shown.id)}/csv`} download className={buttonClass({ variant: 'secondary' })}>
              <Download size={18} aria-hidden="true" />
              {t('attendees.csv')}
            </a>
          )
        }
      >
        <p className={ui.muted} data-testid="attendee-count">
          {t('attendees.count', { count: attendees.length, admitted })}
        </p>
      </WorkspacePageHeader>
      <section className={ui.panel}>
        {attendees.length === 0 ? (
          <p className={ui.muted}>{t('attendees.none')}</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className="visually-hidden">{t('attendees.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('attendees.name')}</th>
                  <th scope="col">{t('attendees.tier')}</th>
                  <th scope="col">{t('attendees.order')}</th>
                  <th scope="col">{t('attendees.checkedIn')}</th>
                </tr>
              </thead>
              <tbody>
                {attendees.map((row) => (
                  <tr key={row.ticketId}>
                    <th scope="row" dir="auto">
                      {row.holderName}
                    </th>
                    <td dir="auto">{row.tierName}</td>
                    <td className={ui.nowrap}>{row.orderReference}</td>
                    <td className={ui.nowrap}>
                      {row.checkedInAt ? format.dateTime(row.checkedInAt, shown.timezone, 'short') : t('attendees.notYet')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
