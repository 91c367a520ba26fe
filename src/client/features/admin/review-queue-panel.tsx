import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { HIDEABLE_TARGETS, SUSPEND_DAYS_MAX, type ModerationAction, type ReviewGroup } from '../../../shared/moderation';
import { reviewQueueQuery, useModerate } from './api';
import styles from './admin.module.css';

const REASON_MIN = 3;
const DEFAULT_DAYS = 7;

/** Open reports grouped by what they are about, the latest first; each group acted on with a reason the member is told. */
export function ReviewQueuePanel() {
  const { t } = useTranslation('admin');
  const queue = useQuery(reviewQueueQuery());
  return (
    <Panel title={t('queue.title')}>
      <p className={styles.note}>{t('queue.intro')}</p>
      {queue.data?.length === 0 && <p className={styles.note}>{t('queue.empty')}</p>}
      <ul className={styles.groups} aria-label={t('queue.title')}>
        {queue.data?.map((group) => (
          <ReviewGroupItem key={`${group.targetType}:${group.targetId}`} group={group} />
        ))}
      </ul>
    </Panel>
  );
}

/** The actions that apply to a group as it stands: hide only content that shows, restore only what is hidden or suspended. */
function actionsFor(group: ReviewGroup): ModerationAction[] {
  const hideable = (HIDEABLE_TARGETS as readonly string[]).includes(group.targetType);
  return [
    'dismiss',
    'warn',
    ...(hideable && !group.restorable ? (['hide'] as const) : []),
    'suspend',
    'terminate',
    ...(group.restorable ? (['restore'] as const) : []),
  ];
}

function ReviewGroupItem({ group }: { group: ReviewGroup }) {
  const { t, i18n } = useTranslation(['admin', 'settings']);
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const id = `${group.targetType}-${group.targetId}`;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const ready = reason.trim().length >= REASON_MIN && !moderate.isPending;
  const act = (action: ModerationAction) =>
    moderate.mutate({
      targetType: group.targetType,
      targetId: group.targetId,
      action,
      reason: reason.trim(),
      ...(action === 'suspend' ? { days } : {}),
    });
  return (
    <li className={styles.group} aria-labelledby={`${id}-name`}>
      <h3 className={styles.groupTitle} id={`${id}-name`}>
        <span className={styles.key}>{t(`settings:report.targets.${group.targetType}`)}</span>
        <bdi>{group.targetName}</bdi>
      </h3>
      {group.preview && (
        <blockquote className={styles.preview} dir="auto">
          {group.preview}
        </blockquote>
      )}
      <p>
        {t('queue.reported', { count: group.reports, reporters: group.reporters.length })}{' '}
        {group.reasons.map((reasonKey) => t(`settings:report.reasons.${reasonKey}`)).join(', ')}
      </p>
      <p className={styles.note}>
        {t('queue.when', { first: date(group.firstReportedAt), last: date(group.lastReportedAt) })}
        {' · '}
        {group.reporters.map((reporter) => reporter.name).join(', ')}
      </p>
      {group.appeal && (
        <div className={styles.appeal} role="note">
          <strong>{t('queue.appealed', { action: t(`queue.actions.${group.appeal.action}`), reason: group.appeal.reason })}</strong>
          <q dir="auto">{group.appeal.text}</q>
        </div>
      )}
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
      </div>
      <div className={styles.actions}>
        {actionsFor(group).map((action) => (
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
      {moderate.isError && (
        <p className={styles.error} role="alert">
          {moderate.error.message}
        </p>
      )}
    </li>
  );
}
