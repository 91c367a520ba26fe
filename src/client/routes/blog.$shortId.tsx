import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ENTITY_TYPE } from '../../shared/entity-types';
import { blogPostQuery } from '../features/blog/api/get-blog-post';
import { blogPostsQuery } from '../features/blog/api/get-blog-posts';
import { MORE_POSTS } from '../../shared/blog-scope';
import { BlogArticle } from '../features/blog/components/blog-article';
import { SavedToggle } from '../features/saved/components/saved-toggle';
import { i18next, preloadNamespaces } from '../lib/i18n';
import { toast } from '../lib/toast-store';
import { ApiError } from '../lib/api-client';
import { HERO_SIZES } from '../components/ui/hero-sizes';
import { pageHead } from '../lib/page-head';
import { usePublicOrigin } from '../lib/share';
import { usePageView } from '../lib/page-view';

/** `/blog/{shortId}`: the article; a failure says 'Failed to load blog post' and goes to /blog. */
export const Route = createFileRoute('/blog/$shortId')({
  loader: async ({ context: { queryClient }, params }) => {
    try {
      const [post] = await Promise.all([queryClient.ensureQueryData(blogPostQuery(params.shortId)), preloadNamespaces(['blog', 'saved'])]);
      // more from the same firm, under the article (in the server HTML too); the article shows without them
      await queryClient
        .ensureQueryData(blogPostsQuery({ firmUsername: post.firmUsername, page: 1, size: MORE_POSTS + 1 }))
        .catch(() => undefined);
      return { name: post.name, summary: post.shortSummary, imagePath: post.imagePath, imageWidth: post.imageWidth, shortId: post.shortId };
    } catch (error) {
      // a missing or unpublished post is the 404 page (an HTTP 404 from the server render), not a load failure
      if (error instanceof ApiError && error.status === 404) throw notFound();
      if (typeof window !== 'undefined') toast.error(i18next.t('loadFailed', { ns: 'blog' }));
      throw redirect({ to: '/blog' });
    }
  },
  head: ({ loaderData }) =>
    loaderData
      ? pageHead({
          title: loaderData.name,
          description: loaderData.summary,
          hero: { path: loaderData.imagePath, sizes: HERO_SIZES.blog, width: loaderData.imageWidth },
          path: `/blog/${loaderData.shortId}`,
        })
      : {},
  component: BlogArticlePage,
});

function BlogArticlePage() {
  const origin = usePublicOrigin();
  const { shortId } = Route.useParams();
  usePageView('post', shortId);
  const { data: post } = useSuspenseQuery(blogPostQuery(shortId));
  return (
    <BlogArticle
      post={post}
      publicUrl={origin}
      saveSlot={<SavedToggle entityId={post.id} entityTypeCode={ENTITY_TYPE.BLOG} name={post.name} compact />}
    />
  );
}
