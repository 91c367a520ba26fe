import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Newspaper } from 'lucide-react';
import { NoData } from '../../../components/feedback/no-data';
import { blogPostsQuery } from '../api/get-blog-posts';
import { BlogCard } from './blog-card';
import { Paginator, showPaginator } from '../../../components/ui/paginator';
import card from '../../../components/ui/card.module.css';
import styles from './blog.module.css';

export interface BlogListProps {
  firmUsername?: string;
  showFirmLabel: boolean;
  /** one-based page */
  page: number;
  onPage?: (page: number) => void;
  size?: number;
}

/** Blog list: the card grid (3/2/1 columns), 'No posts yet.' and the paginator. */
export function BlogList({ firmUsername, showFirmLabel, page, onPage, size }: BlogListProps) {
  const { t } = useTranslation('blog');
  const { data, isPending, isPlaceholderData } = useQuery(blogPostsQuery({ firmUsername, page, size }));
  if (isPending) {
    return (
      <div className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`${card.skeleton} ${styles.skeleton}`} />
        ))}
      </div>
    );
  }
  if (!data) return null;
  if (data.content.length === 0) return <NoData icon={Newspaper} message={t('noPosts')} showExplore={!firmUsername} />;
  return (
    <div data-testid="blog-list">
      <div className={styles.grid} aria-busy={isPlaceholderData}>
        {data.content.map((post) => (
          <BlogCard key={post.id} post={post} showFirmLabel={showFirmLabel} />
        ))}
      </div>
      {onPage && showPaginator(data.totalElements, data.totalPages) && (
        <Paginator
          page={page}
          previousDisabled={data.first || isPlaceholderData}
          nextDisabled={data.last || isPlaceholderData}
          onPrevious={() => onPage(page - 1)}
          onNext={() => onPage(page + 1)}
        />
      )}
    </div>
  );
}
