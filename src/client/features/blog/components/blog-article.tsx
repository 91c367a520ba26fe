import { FirmHeader } from '../../../components/ui/firm-header';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Share2 } from 'lucide-react';
import type { BlogPost } from '../../../../shared/blog';
import { pickName } from '../../../../shared/i18n';
import { usePageTitle } from '../../../lib/page-head';
import { share } from '../../../lib/share';
import { useFormatters } from '../../../lib/use-dates';
import { IconButton } from '../../../components/ui/icon-button';
import { ZoomImage } from '../../../components/ui/zoom-image';
import { HERO_SIZES } from '../../../components/ui/hero-sizes';
import { useEarlyTap } from '../../../lib/early-tap';
import styles from './blog.module.css';

/** Blog article page of spec section 2; `content` is HTML the server has sanitized. */
export function BlogArticle({ post, saveSlot, publicUrl }: { post: BlogPost; saveSlot?: ReactNode; publicUrl: string }) {
  const { t, i18n } = useTranslation('blog');
  const f = useFormatters();
  usePageTitle(post.name);
  const shareTap = useEarlyTap(`share:blog:${post.shortId}`);
  return (
    <article className={styles.article} data-testid="blog-article">
      <FirmHeader username={post.firmUsername} name={post.firmName} imagePath={post.firmImagePath} />
      <h1 dir="auto" className={styles.articleTitle}>
        {post.name}
      </h1>
      <div className={styles.articleMeta}>
        <p className={styles.cardLabels}>
          {post.category && <span className={styles.category}>{pickName(post.category.names, i18n.language)}</span>}
          <time dateTime={post.publishedDate} className={styles.date}>
            {f.dateTime(post.publishedDate, post.firmTimezone)}
          </time>
        </p>
        <div className={styles.articleActions}>
          {saveSlot}
          <IconButton
            {...shareTap}
            label={t('share')}
            onClick={() => void share({ title: post.name, text: post.shortSummary, url: `${publicUrl}/blog/${post.shortId}` })}
          >
            <Share2 size={20} aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      {post.imagePath && <ZoomImage image={post} alt={post.name} label={t('openImage')} sizes={HERO_SIZES.blog} className={styles.hero} />}
      <p dir="auto" className={styles.lead}>
        {post.shortSummary}
      </p>
      <div dir="auto" className={styles.body} dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
