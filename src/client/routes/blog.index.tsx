import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pagedSearch } from '../lib/search-params';
import { blogScope } from '../../shared/blog-scope';
import { blogPostsQuery } from '../features/blog/api/get-blog-posts';
import { BlogList } from '../features/blog/components/blog-list';
import { pageSearch } from '../components/ui/paginator';
import { pageHead, usePageTitle } from '../lib/page-head';
import { preloadNamespaces } from '../lib/i18n';
import styles from '../features/blog/components/blog.module.css';

/** `/blog`: every firm's posts, `?page=N` above page 1 (replace navigation, smooth scroll to top). */
export const Route = createFileRoute('/blog/')({
  validateSearch: pagedSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    // a failure is logged only (spec); the list shows what it can
    await Promise.all([
      queryClient.ensureQueryData(blogPostsQuery({ page: deps.page })).catch(() => undefined),
      preloadNamespaces(['blog']),
    ]);
  },
  head: () => pageHead({ title: 'Blog', description: 'Stories, news and recipes from local businesses on Souk.', path: '/blog' }),
  component: BlogPage,
});

function BlogPage() {
  const { t } = useTranslation('blog');
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate();
  usePageTitle(t('title'));
  const scope = blogScope(undefined, undefined);
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <BlogList
        firmUsername={scope.firmUsername}
        showFirmLabel={scope.showFirmLabel}
        page={page}
        onPage={(next) => {
          void navigate({ to: '/blog', search: pageSearch(next), replace: true });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </section>
  );
}
