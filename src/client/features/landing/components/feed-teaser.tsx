import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Compass, Sparkles, Store } from 'lucide-react';
import { usePageTitle } from '../../../lib/page-head';
import { InternalLink } from './internal-link';
import shared from '../../../components/content/content-page.module.css';
import styles from './landing.module.css';

const SKELETON_CARDS = 6;

/** The signed-in home's two ways on: discover places, or put one's own business on Souk. */
export function FeedActions() {
  const { t } = useTranslation('landing');
  return (
    <div className={`${shared.actions} ${styles.feedActions}`}>
      <Link to="/explore" className={shared.button}>
        <Compass size={18} aria-hidden="true" />
        {t('feed.explore')}
      </Link>
      <InternalLink href="/create-firm" className={shared.buttonSecondary}>
        <Store size={18} aria-hidden="true" />
        {t('feed.createFirm')}
      </InternalLink>
    </div>
  );
}

/** Signed-in home while the member's feed is empty: what will show here, and where to start. */
export function FeedTeaser() {
  const { t } = useTranslation('landing');
  usePageTitle(t('feed.title'), t('meta.description'));
  return (
    <div className={styles.feed}>
      <section className={styles.feedHero} aria-labelledby="feed-title">
        <span className={styles.feedBadge} aria-hidden="true">
          <Sparkles size={26} />
        </span>
        <h1 id="feed-title" className={styles.feedTitle}>
          {t('feed.heading')}
        </h1>
        <p className={styles.feedNote}>{t('feed.note')}</p>
        <FeedActions />
      </section>
      <ul className={styles.skeletons} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} className={styles.skeletonCard}>
            <div className={styles.skeletonImage} />
            <div className={styles.skeletonBody}>
              <div className={styles.skeletonRow}>
                <span className={styles.skeletonAvatar} />
                <span className={`${styles.skeletonLine} ${styles.w60}`} />
              </div>
              <span className={`${styles.skeletonLine} ${styles.w90}`} />
              <span className={`${styles.skeletonLine} ${styles.w40}`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
