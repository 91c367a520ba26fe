import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import { auditLogQuery } from './api';
import styles from './admin.module.css';

/** The latest admin actions: who, what, on what, why, when. Nobody can edit them. */
export function AuditLogPanel() {
  const { t, i18n } = useTranslation('admin');
  const log = useQuery(auditLogQuery());
  const entries = log.data?.entries ?? [];
  return (
    <Panel title={t('audit.title')}>
      {entries.length === 0 && !log.isPending && <p className={styles.note}>{t('audit.empty')}</p>}
      <ol className={styles.rows} aria-label={t('audit.title')}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.row}>
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString(i18n.language)}</time>
            <span>{entry.adminName}</span>
            <span className={styles.key}>{entry.action}</span>
            <span>
              {entry.targetType} {entry.targetId}
              {typeof entry.detail.enabled === 'boolean' && ` → ${entry.detail.enabled ? t('features.on') : t('features.off')}`}
            </span>
            <q>{entry.reason}</q>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
