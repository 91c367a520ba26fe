import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, CalendarPlus, Pencil } from 'lucide-react';
import { EVENT_LIMITS, EVENT_STATUS, newEventSchema, type OwnerEventCard } from '../../../../shared/owner-events';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import { NewDraftDialog } from '../ui/new-draft-dialog';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { ownerEventsQuery, useCreateEvent } from './events-api';
import { soldText } from './sold-text';
import { StatusBadge } from './status-badge';
import contentUi from '../ui/content-editor.module.css';
import styles from './events.module.css';

const GROUPS = [
  { key: 'drafts', statuses: [EVENT_STATUS.DRAFT] },
  { key: 'published', statuses: [EVENT_STATUS.PUBLISHED] },
  { key: 'closed', statuses: [EVENT_STATUS.CANCELLED, EVENT_STATUS.ENDED] },
] as const;

/** `workspace/events`: the firm's events by status, and a new draft (within the plan: CREATE_EVENT). */
export function EventListPage() {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const events = useQuery(ownerEventsQuery(workspace.firmId));
  const create = useCreateEvent(workspace.firmId);
  usePageTitle(t('events.title'));
  const mayEdit = workspace.can('content.edit');
  const mayCreate = workspace.canCreate('CREATE_EVENT');

  const [naming, setNaming] = useState(false);
  const onCreate = async (name: string) => {
    const event = await create.mutateAsync({ name });
    if (event) await navigate({ to: '/workspace/events/$eventId', params: { eventId: event.shortId } });
  };

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('events.title')}
        lead={t('events.lead')}
        actions={
          mayEdit && (
            <Button variant="primary" onClick={() => setNaming(true)} disabled={!mayCreate}>
              <CalendarPlus size={18} aria-hidden="true" />
              {t('events.create')}
            </Button>
          )
        }
      />
      {mayEdit && !mayCreate && <PlanLimitNote featureKey="CREATE_EVENT" />}
      {naming && (
        <NewDraftDialog
          title={t('events.create')}
          label={t('events.name')}
          maxLength={EVENT_LIMITS.name}
          schema={newEventSchema}
          onCreate={onCreate}
          onClose={() => setNaming(false)}
        />
      )}
      {events.isPending ? (
        <PageSpinner />
      ) : events.isError ? (
        <p className={ui.errorBox} role="alert">
          {contentProblem(t, events.error)}
        </p>
      ) : events.data.content.length === 0 ? (
        <section className={`${ui.panel} ${contentUi.emptyPanel}`}>
          <CalendarDays size={32} aria-hidden="true" />
          <p>{t('events.none')}</p>
        </section>
      ) : (
        GROUPS.map((group) => {
          const rows = events.data.content.filter((event) => (group.statuses as readonly number[]).includes(event.statusCode));
          if (rows.length === 0) return null;
          return (
            <section key={group.key} className={ui.panel} aria-labelledby={`events-${group.key}`}>
              <h2 id={`events-${group.key}`} className={ui.panelTitle}>
                {t(`events.group.${group.key}`)} <span className={ui.badge}>{rows.length}</span>
              </h2>
              <ul className={styles.list}>
                {rows.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}

function EventRow({ event }: { event: OwnerEventCard }) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const workspace = useWorkspace();
  const format = useFormatters();
  const zone = workspace.firm.timezone;
  return (
    <li className={styles.row} data-testid="event-row">
      <span className={styles.thumb} aria-hidden="true">
        {event.imagePath ? (
          <ResponsiveImage path={event.imagePath} color={event.imageColor} alt="" aspect="1 / 1" sizes="64px" />
        ) : (
          <CalendarDays size={24} />
        )}
      </span>
      <span className={styles.rowText}>
        <Link to="/workspace/events/$eventId" params={{ eventId: event.shortId }} className={styles.rowName} dir="auto">
          {event.name.trim() || t('events.untitled')}
        </Link>
        <span className={ui.muted}>
          {format.dateTime(event.startDateTime, zone)} · {t(`visibility.${event.visibility}`)} ·{' '}
          {soldText(t, event.sold, event.held, event.capacity)}
        </span>
      </span>
      <StatusBadge statusCode={event.statusCode} />
      <Link
        to="/workspace/events/$eventId"
        params={{ eventId: event.shortId }}
        className={buttonClass({ size: 'small' })}
        aria-label={t('events.editLabel', { name: event.name.trim() || t('events.untitled') })}
      >
        <Pencil size={16} aria-hidden="true" />
        {t('edit')}
      </Link>
    </li>
  );
}
