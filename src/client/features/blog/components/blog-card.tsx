import { FollowersOnlyMark } from '../../../components/ui/followers-only-mark';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BlogCard as BlogCardData } from '../../../../shared/blog';
import { pickName } from '../../../../shared/i18n';
import { CardImage } from '../../../components/ui/card-image';
import { useFormatters } from '../../../lib/use-dates';
import card from '../../../components/ui/card.module.css';
import styles from './blog.module.css';

/** Blog card: image, name, firm label (unless scoped), category, published date (medium). */
export function BlogCard({ post, showFirmLabel = true }: { post: BlogCardData; showFirmLabel?: boolean }) {
  const { i18n } = useTranslation('blog');
  const f = useFormatters();
  return (
    <article className={`${card.card} ${card.lift} ${styles.card}`} data-testid="blog-card">
      <Link to="/blog/$shortId" params={{ shortId: post.shortId }} className={styles.cardCover} tabIndex={-1} aria-hidden="true">
        <CardImage image={post} />
      </Link>
      <div className={styles.cardBody}>
        <p className={styles.cardLabels}>
          {post.category && <span className={styles.category}>{pickName(post.category.names, i18n.language)}</span>}
          <time dateTime={post.publishedDate} className={styles.date}>
            {f.date(post.publishedDate, post.firmTimezone, 'medium')}
          </time>
        </p>
        <FollowersOnlyMark shown={post.followersOnly} />
        <h3 dir="auto" className={card.title}>
          <Link to="/blog/$shortId" params={{ shortId: post.shortId }} className={styles.cardLink}>
            {post.name}
          </Link>
        </h3>
        <p dir="auto" className={`${styles.summary} ${card.clamp} ${card.clamp3}`}>
          {post.shortSummary}
        </p>
        {showFirmLabel && (
          <Link to="/$username" params={{ username: post.firmUsername }} className={styles.firmLabel}>
            {post.firmName}
          </Link>
        )}
      </div>
    </article>
  );
}
