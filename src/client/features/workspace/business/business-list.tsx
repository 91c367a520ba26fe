import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Briefcase, ExternalLink, Plus } from 'lucide-react';
import type { Employment } from '../../../../shared/workspace';
import { Button, buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useFeature } from '../../../lib/feature-flags';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { employmentsQuery } from '../api/get-employments';
import { FirmAvatar } from '../shell/firm-avatar';
import { roleLabel } from '../shell/role-label';
import { useSelectFirm } from '../selection/use-select-firm';
import { ReceivedInvitations } from './received-invitations';
import styles from './business.module.css';

/**
 * The Business screen: one card per active employment, sorted by firm name;
 * a card or its Workspace button selects the firm and opens the workspace; its picture or
 * open-in-new icon opens the public page. Invitations waiting for an answer come first.
 */
export function BusinessList({ invitation }: { invitation?: string }) {
  const { t } = useTranslation('workspace');
  const user = useCurrentUser();
  const createOn = useFeature('CREATE_FIRM');
  const employments = useQuery({ ...employmentsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const selectFirm = useSelectFirm();
  usePageTitle(t('business.title'));
  if (!user) return null;

  const create = createOn && (
    <Link to="/create-firm" className={buttonClass({ variant: 'primary' })}>
      <Plus size={18} aria-hidden="true" />
      {t('business.create')}
    </Link>
  );

  return (
    <section className={styles.page} aria-labelledby="business-title" aria-busy={employments.isPending}>
      <header className={styles.header}>
        <h1 id="business-title" className={styles.title}>
          {t('business.title')}
        </h1>
        {create}
      </header>
      <ReceivedInvitations userId={user.id} highlight={invitation} />
      {employments.isPending ? (
        <PageSpinner />
      ) : employments.isError ? (
        <div className={styles.error} role="alert">
          <p>{employments.error.message}</p>
          <Button onClick={() => void employments.refetch()}>{t('retry')}</Button>
        </div>
      ) : employments.data.length === 0 ? (
        <div className={styles.empty}>
          <span className={styles.emptyIcon} aria-hidden="true">
            <Briefcase size={28} />
          </span>
          <p className={styles.emptyText}>{t('business.empty')}</p>
          {create}
        </div>
      ) : (
        <ul className={styles.list}>
          {employments.data.map((employment) => (
            <li key={employment.id}>
              <EmploymentCard employment={employment} onOpen={() => selectFirm(employment.firmId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmploymentCard({ employment, onOpen }: { employment: Employment; onOpen: () => void }) {
  const { t } = useTranslation('workspace');
  const publicPage = `/${employment.firmUsername}`;
  return (
    <article className={styles.card}>
      <a href={publicPage} className={styles.cardImage} aria-label={t('business.publicPage', { name: employment.firmName })}>
        <FirmAvatar imagePath={employment.firmImagePath} color={employment.firmImageColor} size={56} />
      </a>
      <button type="button" className={styles.cardMain} onClick={onOpen}>
        <span className={styles.cardName}>{employment.firmName}</span>
        <span className={styles.cardMeta}>
          {employment.profession && (
            <>
              <span>{employment.profession}</span>
              <span aria-hidden="true" className={styles.dot}>
                •
              </span>
            </>
          )}
          <span>{roleLabel(t, employment.userRole)}</span>
        </span>
      </button>
      <a href={publicPage} className={styles.iconLink} aria-label={t('business.publicPage', { name: employment.firmName })}>
        <ExternalLink size={20} aria-hidden="true" />
      </a>
      <Button variant="primary" size="small" onClick={onOpen} aria-label={t('business.openWorkspace', { name: employment.firmName })}>
        {t('business.workspace')}
      </Button>
    </article>
  );
}
