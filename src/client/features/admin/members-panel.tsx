import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import { Button } from '../../components/ui/button';
import type { AdminUser } from '../../../shared/admin';
import { SUSPENDED_FOREVER } from '../../../shared/moderation';
import { adminUserQuery, adminUsersQuery } from './api';
import { ModerationActions } from './moderation-actions';
import { ReportList, AuditList } from './target-history';
import { SearchForm } from './search-form';
import styles from './admin.module.css';

/** Members by name, email or id; one opens as admins see them, with the actions of the review queue. */
export function MembersPanel() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string>();
  const users = useQuery(adminUsersQuery(q));
  return (
    <Panel title={t('members.title')}>
      <SearchForm id="member-search" label={t('members.search')} onSearch={setQ} />
      <ul className={styles.rows} aria-label={t('members.title')}>
        {users.data?.map((user) => (
          <li key={user.id} className={styles.row}>
            <span>{user.name}</span>
            <span className={styles.note}>{user.email}</span>
            <MemberStatus user={user} />
            {user.isAdmin && <span className={styles.key}>{t('members.admin')}</span>}
            <Button variant="ghost" aria-expanded={open === user.id} onClick={() => setOpen(open === user.id ? undefined : user.id)}>
              {t('members.view', { name: user.name })}
            </Button>
            {open === user.id && <MemberDetails userId={user.id} />}
          </li>
        ))}
      </ul>
      {users.data?.length === 0 && <p className={styles.note}>{t('noResults')}</p>}
    </Panel>
  );
}

/** Active, suspended until a day, or closed. */
export function MemberStatus({ user }: { user: Pick<AdminUser, 'statusCode' | 'suspendedUntil'> }) {
  const { t, i18n } = useTranslation('admin');
  if (user.suspendedUntil === SUSPENDED_FOREVER) return <span className={styles.off}>{t('members.closed')}</span>;
  if (user.suspendedUntil)
    return (
      <span className={styles.off}>
        {t('members.suspended', { until: new Date(user.suspendedUntil).toLocaleDateString(i18n.language) })}
      </span>
    );
  return <span>{user.statusCode === 1 ? t('members.active') : t('members.status', { code: user.statusCode })}</span>;
}

function MemberDetails({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const profile = useQuery(adminUserQuery(userId));
  if (!profile.data) return null;
  const { firms, reportsAbout, reportsFiled, actions, user, restorable } = profile.data;
  return (
    <div className={styles.group}>
      <dl className={styles.details}>
        <dt>{t('members.since')}</dt>
        <dd>{user.createdAt.slice(0, 10)}</dd>
        <dt>{t('members.firms')}</dt>
        <dd>{firms.length ? firms.map((firm) => `${firm.name} (@${firm.username}, ${firm.role})`).join(', ') : '—'}</dd>
        <dt>{t('members.reportsAbout')}</dt>
        <dd>
          <ReportList reports={reportsAbout} />
        </dd>
        <dt>{t('members.reportsFiled')}</dt>
        <dd>{reportsFiled}</dd>
        <dt>{t('members.actions')}</dt>
        <dd>
          <AuditList entries={actions} />
        </dd>
      </dl>
      <ModerationActions targetType="user" targetId={user.id} restorable={restorable} />
    </div>
  );
}
