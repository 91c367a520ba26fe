import { useTranslation } from 'react-i18next';
import type { AdminUserProfile } from '../../../shared/admin';

/** The reports about a member or a firm, one line each: why, when, what became of it. */
export function ReportList({ reports }: { reports: AdminUserProfile['reportsAbout'] }) {
  const { t, i18n } = useTranslation(['settings', 'admin']);
  if (!reports.length) return <>—</>;
  return (
    <ul>
      {reports.map((report) => (
        <li key={report.id}>
          {t(`report.reasons.${report.reason}`, { defaultValue: report.reason })} ·{' '}
          {new Date(report.createdAt).toLocaleDateString(i18n.language)} ·{' '}
          {t(`admin:reportStatus.${report.status}`, { defaultValue: report.status })}
        </li>
      ))}
    </ul>
  );
}

/** What admins did to a member or a firm, newest first, with their reasons. */
export function AuditList({ entries }: { entries: AdminUserProfile['actions'] }) {
  const { i18n } = useTranslation();
  if (!entries.length) return <>—</>;
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleDateString(i18n.language)}</time> · {entry.action} ·{' '}
          <q dir="auto">{entry.reason}</q>
        </li>
      ))}
    </ul>
  );
}
