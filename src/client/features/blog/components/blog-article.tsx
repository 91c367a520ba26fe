import { FollowersOnlyMark } from '../../../components/ui/followers-only-mark';
import { FirmHeader } from '../../../components/ui/firm-header';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Share2 } from 'lucide-react';
import type { BlogPost } from '../../../../shared/blog';
import { pickName } from '../../../../shared/i18n';
import { readingMinutes } from '../../../../shared/reading-time';
import { MORE_POSTS } from '../../../../shared/blog-scope';
import { isolate } from '../../../../shared/bidi';
import { usePageTitle } from '../../../lib/page-head';
import { share } from '../../../lib/share';
import { useFormatters } from '../../../lib/use-dates';
import { IconButton } from '../../../components/ui/icon-button';
import { ZoomImage } from '../../../components/ui/zoom-image';
import { HERO_SIZES } from '../../../components/ui/hero-sizes';
import { useEarlyTap } from '../../../lib/early-tap';
import { blogPostsQuery } from '../api/get-blog-posts';
import { BlogCard } from './blog-card';
import styles from './blog.module.css';

/**
 * Blog article page (`content` is HTML the server has sanitized): who wrote it
 * (the firm, linked), when, how long it takes to read, and more posts from the same firm.
 */
export function BlogArticle({ post, saveSlot, publicUrl }: { post: BlogPost; saveSlot?: ReactNode; publicUrl: string }) {
  const { t, i18n } = useTranslation('blog');
  const f = useFormatters();
  usePageTitle(post.name);
  const shareTap = useEarlyTap(`share:blog:${post.shortId}`);
  const more = useQuery(blogPostsQuery({ firmUsername: post.firmUsername, page: 1, size: MORE_POSTS + 1 }));
  const others = (more.data?.content ?? []).filter((other) => other.id !== post.id).slice(0, MORE_POSTS);
  return (
    <article className={styles.article} data-testid="blog-article">
      <FirmHeader username={post.firmUsername} name={post.firmName} imagePath={post.firmImagePath} />
      <FollowersOnlyMark shown={post.followersOnly} />
      <h1 dir="auto" className={styles.articleTitle}>
        {post.name}
      </h1>
      <div className={styles.articleMeta}>
        <p className={styles.cardLabels}>
          {post.category && <span className={styles.category}>{pickName(post.category.names, i18n.language)}</span>}
          <time dateTime={post.publishedDate} className={styles.date}>
            {f.dateTime(post.publishedDate, post.firmTimezone)}
          </time>
          <span className={styles.date} data-testid="reading-time">
            {t('readingTime', { count: readingMinutes(post.content) })}
          </span>
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
      {others.length > 0 && (
        <section className={styles.morePosts} aria-labelledby="more-posts" data-testid="more-posts">
          <div className={styles.morePostsHead}>
            <h2 id="more-posts">{t('morePosts', { name: isolate(post.firmName) })}</h2>
            <Link to="/$username/blog" params={{ username: post.firmUsername }}>
              {t('allPosts')}
            </Link>
          </div>
          <div className={styles.grid}>
            {others.map((other) => (
              <BlogCard key={other.id} post={other} showFirmLabel={false} />
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
