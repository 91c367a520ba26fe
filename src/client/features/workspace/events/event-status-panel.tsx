import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Ban, CheckCircle2, Flag, Trash2 } from 'lucide-react';
import {
  EVENT_STATUS,
  EVENT_VISIBILITIES,
  isEditable,
  statusRefusal,
  visibilityRefusal,
  type OwnerEvent,
} from '../../../../shared/owner-events';
import { Button } from '../../../components/ui/button';
import { confirm } from '../../../lib/confirm-store';
import { toast } from '../../../lib/toast-store';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import { useDeleteEvent, useEventStatus, useEventVisibility } from './events-api';
import contentUi from '../ui/content-editor.module.css';
import styles from './events.module.css';

/**
 * Where the event stands and the moves it allows (src/shared/owner-events.ts, checked again on the
 * server): publish, back to draft, cancel (its buyers are told and refunded), end; its visibility;
 * deleting a draft nobody bought. Only those who may edit content see the controls.
 */
export function EventStatusPanel({
  event,
  dirty,
  onSaveFirst,
  onLeaving,
}: {
  event: OwnerEvent;
  dirty: boolean;
  onSaveFirst: () => Promise<boolean>;
  /** a deleted event's editor is left without asking about its unsaved changes */
  onLeaving: () => void;
}) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const status = useEventStatus(workspace.firmId);
  const visibility = useEventVisibility(workspace.firmId);
  const remove = useDeleteEvent(workspace.firmId);
  const busy = status.isPending || visibility.isPending || remove.isPending;
  const now = new Date();
  const allowed = (next: number) => statusRefusal(event, next, now) === undefined;
  const name = event.name.trim() || t('events.untitled');

  if (!workspace.can('content.edit')) {
    return (
      <section className={ui.panel} aria-labelledby="event-status-title">
        <h2 id="event-status-title" className={ui.panelTitle}>
          {t('events.statusTitle')}
        </h2>
        <p className={ui.muted}>{t(`statusText.${event.statusCode}`)}</p>
      </section>
    );
  }

  const move = async (next: number, done: string) => {
    if (dirty && isEditable(event.statusCode) && !(await onSaveFirst())) return;
    status.mutate(
      { id: event.id, statusCode: next },
      { onSuccess: () => toast.success(t(done, { name })), onError: (error) => toast.error(contentProblem(t, error)) },
    );
  };
  const onCancel = async () => {
    const ok = await confirm({
      title: t('events.cancelTitle', { name }),
      message: event.sold > 0 ? t('events.cancelText', { count: event.sold }) : t('events.cancelTextNoSales'),
      okText: t('events.cancelEvent'),
      cancelText: t('events.keepEvent'),
      danger: true,
    });
    if (ok) void move(EVENT_STATUS.CANCELLED, 'events.cancelled');
  };
  const onEnd = async () => {
    const ok = await confirm({
      title: t('events.endTitle', { name }),
      message: t('events.endText'),
      okText: t('events.endEvent'),
      cancelText: t('cancel'),
    });
    if (ok) void move(EVENT_STATUS.ENDED, 'events.ended');
  };
  const onDelete = async () => {
    const ok = await confirm({
      title: t('events.deleteTitle', { name }),
      message: t('events.deleteText'),
      okText: t('events.delete'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(event.id, {
      onSuccess: () => {
        toast.success(t('events.deleted', { name }));
        onLeaving();
        void navigate({ to: '/workspace/events' });
      },
      onError: (error) => toast.error(contentProblem(t, error)),
    });
  };

  const visibilityClosed = visibilityRefusal(event, event.visibility) === 'closed';
  return (
    <section className={ui.panel} aria-labelledby="event-status-title">
      <h2 id="event-status-title" className={ui.panelTitle}>
        {t('events.statusTitle')}
      </h2>
      <p className={ui.muted}>{t(`statusText.${event.statusCode}`)}</p>
      <div className={styles.statusActions}>
        {allowed(EVENT_STATUS.PUBLISHED) && (
          <Button variant="primary" disabled={busy} onClick={() => void move(EVENT_STATUS.PUBLISHED, 'events.published')}>
            <CheckCircle2 size={18} aria-hidden="true" />
            {dirty ? t('events.saveAndPublish') : t('events.publish')}
          </Button>
        )}
        {allowed(EVENT_STATUS.DRAFT) && (
          <Button disabled={busy} onClick={() => void move(EVENT_STATUS.DRAFT, 'events.unpublished')}>
            {t('events.unpublish')}
          </Button>
        )}
        {allowed(EVENT_STATUS.ENDED) && (
          <Button disabled={busy} onClick={() => void onEnd()}>
            <Flag size={18} aria-hidden="true" />
            {t('events.endEvent')}
          </Button>
        )}
        {allowed(EVENT_STATUS.CANCELLED) && (
          <Button variant="danger" disabled={busy} onClick={() => void onCancel()}>
            <Ban size={18} aria-hidden="true" />
            {t('events.cancelEvent')}
          </Button>
        )}
        {event.statusCode === EVENT_STATUS.DRAFT && event.sold === 0 && (
          <Button variant="ghost" disabled={busy} onClick={() => void onDelete()}>
            <Trash2 size={18} aria-hidden="true" />
            {t('events.delete')}
          </Button>
        )}
      </div>
      {event.statusCode === EVENT_STATUS.DRAFT && !allowed(EVENT_STATUS.PUBLISHED) && <p className={ui.muted}>{t('events.inPast')}</p>}
      {!visibilityClosed && (
        <fieldset className={styles.visibility} disabled={busy}>
          <legend className={contentUi.fieldLabel}>{t('visibility.title')}</legend>
          {EVENT_VISIBILITIES.map((option) => {
            const refused = option !== event.visibility && visibilityRefusal(event, option) !== undefined;
            return (
              <label key={option} className={styles.visibilityOption}>
                <input
                  type="radio"
                  name="event-visibility"
                  value={option}
                  checked={event.visibility === option}
                  disabled={refused}
                  onChange={() =>
                    visibility.mutate(
                      { id: event.id, visibility: option },
                      {
                        onSuccess: () => toast.success(t('visibility.saved', { visibility: t(`visibility.${option}`) })),
                        onError: (error) => toast.error(contentProblem(t, error)),
                      },
                    )
                  }
                />
                <span>
                  <strong>{t(`visibility.${option}`)}</strong>
                  <span className={ui.muted}>{t(`visibility.hint${option}`)}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}
