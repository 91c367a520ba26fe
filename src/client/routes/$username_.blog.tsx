import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pagedSearch } from '../lib/search-params';
import { USERNAME_PATTERN } from '../../shared/username-pattern';
import { blogScope } from '../../shared/blog-scope';
import { firmQuery } from '../features/firms/api/get-firm';
import { blogPostsQuery } from '../features/blog/api/get-blog-posts';
import { BlogList } from '../features/blog/components/blog-list';
import { pageSearch } from '../components/ui/paginator';
import { FirmHeader } from '../components/ui/firm-header';
import { pageHead, usePageTitle } from '../lib/page-head';
import styles from '../features/blog/components/blog.module.css';

/** `/{username}/blog`: one firm's posts, without firm labels on the cards (spec blog scope). */
export const Route = createFileRoute('/$username_/blog')({
  validateSearch: pagedSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    if (!USERNAME_PATTERN.test(params.username)) throw notFound();
    const firm = await queryClient.ensureQueryData(firmQuery(params.username));
    if (!firm) throw notFound();
    await queryClient.ensureQueryData(blogPostsQuery({ firmUsername: firm.username, page: deps.page })).catch(() => undefined);
    return { name: firm.name, username: firm.username };
  },
  head: ({ loaderData }) => (loaderData ? pageHead({ title: `Blog · ${loaderData.name}`, path: `/${loaderData.username}/blog` }) : {}),
  component: FirmBlogPage,
});

function FirmBlogPage() {
  const { t } = useTranslation('blog');
  const { username } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate();
  const { data: firm } = useSuspenseQuery(firmQuery(username));
  usePageTitle(t('title'));
  const scope = blogScope(firm?.username ?? username, undefined);
  return (
    <section className={styles.page}>
      {firm && <FirmHeader username={firm.username} name={firm.name} imagePath={firm.imagePath} />}
      <h1 className={styles.title}>{t('title')}</h1>
      <BlogList
        firmUsername={scope.firmUsername}
        showFirmLabel={scope.showFirmLabel}
        page={page}
        onPage={(next) => {
          void navigate({ to: '.', search: pageSearch(next), replace: true });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </section>
  );
}
