import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../components/layout/sub-page';
import { NotFoundPage } from '../../components/layout/not-found-page';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { adminMeQuery } from './api';
import { FeatureSwitches } from './feature-switches';
import { ReviewQueuePanel } from './review-queue-panel';
import { MembersPanel } from './members-panel';
import { FirmsPanel } from './firms-panel';
import { FiguresPanel } from './figures-panel';
import { AuditLogPanel } from './audit-log-panel';

/**
 * `/fladmin`: the operator's area. Whoever the server does not answer as a platform admin (the area off, a
 * member, a firm owner, nobody signed in) sees the 404 page, as if it did not exist.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const me = useQuery(adminMeQuery());
  if (me.isPending) return <PageSpinner />;
  if (!me.data) return <NotFoundPage />;
  return (
    <SubPage title={t('title')} subtitle={t('signedInAs', { name: me.data.name })} back={{ to: '/', label: t('home') }} width="wide">
      <ReviewQueuePanel />
      <FeatureSwitches />
      <FiguresPanel />
      <MembersPanel />
      <FirmsPanel />
      <AuditLogPanel />
    </SubPage>
  );
}
