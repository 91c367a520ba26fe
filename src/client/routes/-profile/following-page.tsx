import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';
import { NoData } from '../../components/feedback/no-data';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { FirmCardView } from '../../features/explore/components/firm-results';
import { followingQuery } from '../../features/firms/api/get-following';
import { MarketingConsent } from '../../features/firms/components/marketing-consent';
import { UnfollowButton } from '../../features/firms/components/unfollow-button';
import { requireLogin } from '../../lib/login-popup';
import { usePageTitle } from '../../lib/page-head';
import { useCurrentUser, useSessionStore } from '../../lib/session';
import card from '../../components/ui/card.module.css';
import styles from '../../features/explore/components/explore.module.css';

/** `/profile/following`: the firms the user follows, each with a button that unfollows it. */
export function FollowingPage() {
  const { t } = useTranslation('saved');
  usePageTitle(t('following'));
  const user = useCurrentUser();
  const status = useSessionStore((state) => state.status);
  const list = useQuery({ ...followingQuery(user?.id ?? '', 0), enabled: Boolean(user) });
  if (status === 'unknown') return <PageSpinner />;
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('following')}</h1>
      {!user ? (
        <NoData icon={Store} message={t('signedOutFollowing')} showExplore={false}>
          <button type="button" className={styles.pageButton} onClick={() => requireLogin()}>
            {t('logIn')}
          </button>
        </NoData>
      ) : !list.data ? (
        <PageSpinner />
      ) : list.data.content.length === 0 ? (
        <NoData icon={Store} message={t('noFollowing')} />
      ) : (
        <ul className={card.grid} style={{ marginBlockStart: 'var(--space-4)' }} data-testid="following-list">
          {list.data.content.map((firm) => (
            <li key={firm.id}>
              <FirmCardView firm={firm} categoryLabel="" saveSlot={<UnfollowButton firmId={firm.id} userId={user.id} name={firm.name} />} />
              <MarketingConsent firmId={firm.id} userId={user.id} name={firm.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
