import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { HIDEABLE_TARGETS, SUSPEND_DAYS_MAX, type ModerationAction } from '../../../shared/moderation';
import type { ReportTarget } from '../../../shared/report-kinds';
import { useModerate } from './api';
import styles from './admin.module.css';

const REASON_MIN = 3;
const DEFAULT_DAYS = 7;

interface Target {
  targetType: ReportTarget;
  targetId: string;
  /** hidden or suspended now */
  restorable: boolean;
}

/** The actions that apply to a target as it stands: hide only content that shows, restore only what is hidden or suspended. */
function actionsFor({ targetType, restorable }: Target): ModerationAction[] {
  const hideable = (HIDEABLE_TARGETS as readonly string[]).includes(targetType);
  return [
    'dismiss',
    'warn',
    ...(hideable && !restorable ? (['hide'] as const) : []),
    'suspend',
    'terminate',
    ...(restorable ? (['restore'] as const) : []),
    ...(targetType === 'firm' ? (['reassign'] as const) : []),
  ];
}

/**
 * What an admin can do about one target, with the reason the member is told: the same form in the
 * review queue and on a member's or a firm's view, all through the one moderation endpoint.
 */
export function ModerationActions(target: Target) {
  const { t } = useTranslation('admin');
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [giveTo, setGiveTo] = useState('');
  // one target may be open in the queue and in a member's or firm's view at once: ids of its own
  const id = useId();
  const ready = reason.trim().length >= REASON_MIN && !moderate.isPending;
  const act = (action: ModerationAction) =>
    moderate.mutate({
      targetType: target.targetType,
      targetId: target.targetId,
      action,
      reason: reason.trim(),
      ...(action === 'suspend' ? { days } : {}),
      ...(action === 'reassign' && giveTo.trim() ? { giveTo: giveTo.trim() } : {}),
    });
  return (
    <>
      <div className={styles.search}>
        <TextField
          id={`${id}-reason`}
          label={t('queue.reason')}
          hint={t('queue.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
        <TextField
          id={`${id}-days`}
          label={t('queue.days')}
          type="number"
          min={1}
          max={SUSPEND_DAYS_MAX}
          value={days}
          onChange={(e) => setDays(Math.min(SUSPEND_DAYS_MAX, Math.max(1, Number(e.target.value) || 1)))}
        />
        {target.targetType === 'firm' && (
          <TextField
            id={`${id}-give-to`}
            label={t('queue.giveTo')}
            hint={t('queue.giveToHint')}
            value={giveTo}
            onChange={(e) => setGiveTo(e.target.value)}
            maxLength={64}
            autoComplete="off"
          />
        )}
      </div>
      <div className={styles.actions}>
        {actionsFor(target).map((action) => (
          <Button
            key={action}
            variant={action === 'dismiss' || action === 'restore' ? 'secondary' : 'danger'}
            disabled={!ready}
            onClick={() => act(action)}
          >
            {t(`queue.actions.${action}`)}
          </Button>
        ))}
      </div>
      {moderate.isSuccess && (
        <p className={styles.note} role="status">
          {moderate.data.username
            ? t('queue.reassigned', { before: moderate.data.username.before, after: moderate.data.username.after })
            : t('queue.done', { action: t(`queue.actions.${moderate.data.action}`) })}
        </p>
      )}
      {moderate.isError && (
        <p className={styles.error} role="alert">
          {moderate.error.message}
        </p>
      )}
    </>
  );
}
