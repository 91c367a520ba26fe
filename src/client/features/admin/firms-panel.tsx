import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Panel } from '../../components/layout/sub-page';
import { Button } from '../../components/ui/button';
import { MODERATION_HIDDEN_STATUS, OWNER_SUSPENDED_STATUS } from '../../../shared/moderation';
import { adminFirmQuery, adminFirmsQuery } from './api';
import { FirmLegalDetails } from './firm-legal-details';
import { MemberStatus } from './members-panel';
import { ModerationActions } from './moderation-actions';
import { AuditList, ReportList } from './target-history';
import { SearchForm } from './search-form';
import styles from './admin.module.css';

const STATUS_KEYS: Record<number, string> = {
  1: 'firms.published',
  [MODERATION_HIDDEN_STATUS]: 'firms.hidden',
  [OWNER_SUSPENDED_STATUS]: 'firms.ownerSuspended',
};

/** Firms by name, username or id, with their owners; one opens as admins see it, with the actions of the review queue. */
export function FirmsPanel() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string>();
  const firms = useQuery(adminFirmsQuery(q));
  return (
    <Panel title={t('firms.title')}>
      <SearchForm id="firm-search" label={t('firms.search')} onSearch={setQ} />
      <ul className={styles.rows} aria-label={t('firms.title')}>
        {firms.data?.map((firm) => (
          <li key={firm.id} className={styles.row}>
            <Link to="/$username" params={{ username: firm.username }}>
              {firm.name}
            </Link>
            <span className={styles.note}>@{firm.username}</span>
            <span>{t(STATUS_KEYS[firm.statusCode] ?? 'firms.notPublished')}</span>
            <span>{t('firms.owners', { names: firm.owners.join(', ') || '—' })}</span>
            <Button variant="ghost" aria-expanded={open === firm.id} onClick={() => setOpen(open === firm.id ? undefined : firm.id)}>
              {t('firms.view', { name: firm.name })}
            </Button>
            {open === firm.id && <FirmDetails firmId={firm.id} />}
          </li>
        ))}
      </ul>
      {firms.data?.length === 0 && <p className={styles.note}>{t('noResults')}</p>}
    </Panel>
  );
}

function FirmDetails({ firmId }: { firmId: string }) {
  const { t } = useTranslation('admin');
  const profile = useQuery(adminFirmQuery(firmId));
  if (!profile.data) return null;
  const { firm, owners, reportsAbout, actions, restorable, legal } = profile.data;
  return (
    <div className={styles.group}>
      <dl className={styles.details}>
        <dt>{t('firms.since')}</dt>
        <dd>{firm.createdAt.slice(0, 10)}</dd>
        <dt>{t('firms.ownersTitle')}</dt>
        <dd>
          {owners.length
            ? owners.map((owner) => (
                <span key={owner.id} className={styles.row}>
                  {owner.name} <MemberStatus user={{ statusCode: 1, suspendedUntil: owner.suspendedUntil }} />
                </span>
              ))
            : '—'}
        </dd>
        <FirmLegalDetails firmId={firm.id} legal={legal} />
        <dt>{t('members.reportsAbout')}</dt>
        <dd>
          <ReportList reports={reportsAbout} />
        </dd>
        <dt>{t('members.actions')}</dt>
        <dd>
          <AuditList entries={actions} />
        </dd>
      </dl>
      <ModerationActions targetType="firm" targetId={firm.id} restorable={restorable} />
    </div>
  );
}
