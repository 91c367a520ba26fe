import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BookOpen, ChevronRight, CircleHelp, Flag, Mail } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../../../shared/limits';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { myReportsQuery } from '../api/reports';
import styles from './settings.module.css';

/** `/profile/help`: where to get help, how to report something, and what one has reported. */
export function ProfileHelp() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const f = useFormatters();
  const reports = useQuery({ ...myReportsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const links = [
    { to: '/help', icon: CircleHelp, label: t('help.center'), text: t('help.centerText') },
    { to: '/faq', icon: BookOpen, label: t('help.faq'), text: t('help.faqText') },
    { to: '/profile/help/report', icon: Flag, label: t('help.report'), text: t('help.reportText') },
  ];
  return (
    <SubPage title={t('help.title')}>
      <ul className={styles.linkList}>
        {links.map(({ to, icon: Icon, label, text }) => (
          <li key={to}>
            <Link to={to as '/help'} className={styles.linkRow}>
              <Icon size={22} aria-hidden="true" />
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>{label}</span>
                <span className={styles.linkHint}>{text}</span>
              </span>
              <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
            </Link>
          </li>
        ))}
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={styles.linkRow}>
            <Mail size={22} aria-hidden="true" />
            <span className={styles.linkText}>
              <span className={styles.linkLabel}>{t('help.contact')}</span>
              <span className={styles.linkHint} dir="ltr">
                {SUPPORT_EMAIL}
              </span>
            </span>
          </a>
        </li>
      </ul>
      {reports.data && reports.data.length > 0 && (
        <Panel title={t('help.yourReports')}>
          <ul className={styles.plainList}>
            {reports.data.map((report) => (
              <li key={report.id} className={styles.reportRow}>
                <span>
                  <strong>{report.targetName}</strong> · {t(`report.targets.${report.targetType}`)} · {t(`report.reasons.${report.reason}`)}
                </span>
                <span className={styles.linkHint}>
                  {f.relative(report.createdAt)} · {t(`report.status.${report.status}`)}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </SubPage>
  );
}
