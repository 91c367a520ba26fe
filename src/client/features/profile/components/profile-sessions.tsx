import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Monitor, Smartphone, Tablet } from 'lucide-react';
import type { SessionSummary } from '../../../../shared/auth';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import { sessionsQuery } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import styles from './profile.module.css';
import { HelpText } from '../../../components/ui/help-text';

function DeviceIcon({ type }: { type: string }) {
  const Icon = type === 'mobile' ? Smartphone : type === 'tablet' ? Tablet : Monitor;
  return <Icon size={20} aria-hidden="true" />;
}

/** Where the account is signed in: device, browser, IP, last use; revoke one or all others. */
export function ProfileSessions() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  const format = useFormatters();
  usePageTitle(t('sessions.title'));
  const sessions = useQuery({ ...sessionsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const revokeOne = useRevokeSession(user?.id ?? '');
  const revokeOthers = useRevokeOtherSessions(user?.id ?? '');

  const askRevoke = async (session: SessionSummary) => {
    const ok = await confirm({
      title: t('sessions.revokeTitle'),
      message: t('sessions.revokeMessage', { device: describe(session) }),
      okText: t('sessions.revoke'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (ok) revokeOne.mutate(session.id, { onSuccess: () => toast.success(t('sessions.revoked')) });
  };
  const askRevokeOthers = async () => {
    const ok = await confirm({
      title: t('sessions.revokeOthersTitle'),
      message: t('sessions.revokeOthersMessage'),
      okText: t('sessions.revokeOthers'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (ok)
      revokeOthers.mutate(undefined, { onSuccess: (result) => toast.success(t('sessions.othersRevoked', { count: result.revoked })) });
  };

  const describe = (session: SessionSummary) => {
    const os = [session.deviceOs, session.osVersion].filter(Boolean).join(' ');
    const parts = [session.browser, os].filter(Boolean);
    return parts.length ? parts.join(t('sessions.on')) : session.userAgent || t('sessions.unknownDevice');
  };

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section className={styles.page} aria-labelledby="sessions-title">
      <Link to="/profile" className={styles.back}>
        <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
        {t('back')}
      </Link>
      <h1 className={styles.title} id="sessions-title">
        {t('sessions.title')}
      </h1>
      <HelpText className={styles.meta}>{t('sessions.subtitle')}</HelpText>
      <div className={styles.section}>
        {sessions.isPending ? (
          <PageSpinner />
        ) : sessions.isError ? (
          <p className={styles.muted}>{t('sessions.loadFailed')}</p>
        ) : (
          <ul className={styles.sessions}>
            {list.map((session) => (
              <li key={session.id} className={styles.session} data-testid="session">
                <span className={styles.sessionIcon}>
                  <DeviceIcon type={session.deviceType} />
                </span>
                <div className={styles.sessionBody}>
                  <p className={styles.sessionTitle}>
                    {describe(session)}
                    {session.current && <span className={styles.thisDevice}>{t('sessions.thisDevice')}</span>}
                  </p>
                  <p className={styles.sessionMeta}>
                    {t('sessions.ip', { ip: session.ip || '—' })} · {t('sessions.lastUsed', { when: format.relative(session.lastUsedAt) })}
                  </p>
                  <p className={styles.sessionMeta}>
                    {t('sessions.since', { when: format.dateTime(session.createdAt, viewerTimeZone()) })}
                  </p>
                </div>
                {!session.current && (
                  <Button size="small" variant="ghost" onClick={() => void askRevoke(session)} disabled={revokeOne.isPending}>
                    {t('sessions.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {others > 0 && (
        <div className={styles.actions} style={{ marginBlockStart: 16 }}>
          <Button variant="danger" onClick={() => void askRevokeOthers()} disabled={revokeOthers.isPending}>
            {t('sessions.revokeOthers')}
          </Button>
        </div>
      )}
    </section>
  );
}
