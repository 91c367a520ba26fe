import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import type { ReviewGroup } from '../../../shared/moderation';
import { reviewQueueQuery } from './api';
import { ModerationActions } from './moderation-actions';
import styles from './admin.module.css';

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

function ReviewGroupItem({ group }: { group: ReviewGroup }) {
  const { t, i18n } = useTranslation(['admin', 'settings']);
  const id = `${group.targetType}-${group.targetId}`;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
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
      <ModerationActions targetType={group.targetType} targetId={group.targetId} restorable={group.restorable} />
    </li>
  );
}
