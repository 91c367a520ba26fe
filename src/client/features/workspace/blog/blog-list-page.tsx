import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotebookPen, Pencil, Plus } from 'lucide-react';
import { BLOG_LIMITS, BLOG_STATUS, newBlogPostSchema, type OwnerBlogCard } from '../../../../shared/owner-blog';
import { Button, buttonClass } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import { PagedList } from '../ui/paged-list';
import ui from '../ui/workspace-ui.module.css';
import { NewDraftDialog } from '../ui/new-draft-dialog';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { ownerPostsQuery, useCreatePost } from './blog-api';
import contentUi from '../ui/content-editor.module.css';
import styles from './blog.module.css';

/** `workspace/blog`: the dashboard's blog list (each card with 'Edit'), drafts too, 4 a page. */
export function BlogListPage() {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const [page, setPage] = useState(0);
  const posts = useQuery(ownerPostsQuery(workspace.firmId, page));
  const create = useCreatePost(workspace.firmId);
  usePageTitle(t('blog.title'));
  const mayEdit = workspace.can('content.edit');
  const mayCreate = workspace.canCreate('CREATE_BLOG');

  const [naming, setNaming] = useState(false);
  const onCreate = async (name: string) => {
    const post = await create.mutateAsync({ name });
    await navigate({ to: '/workspace/blog/$blogId', params: { blogId: post.shortId } });
  };

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('blog.title')}
        lead={t('blog.lead')}
        actions={
          mayEdit && (
            <Button variant="primary" onClick={() => setNaming(true)} disabled={!mayCreate}>
              <Plus size={18} aria-hidden="true" />
              {t('blog.create')}
            </Button>
          )
        }
      />
      {mayEdit && !mayCreate && <PlanLimitNote featureKey="CREATE_BLOG" />}
      {naming && (
        <NewDraftDialog
          title={t('blog.create')}
          label={t('blog.name')}
          maxLength={BLOG_LIMITS.name}
          schema={newBlogPostSchema}
          onCreate={onCreate}
          onClose={() => setNaming(false)}
        />
      )}
      <PagedList
        query={posts}
        page={page}
        onPageChange={setPage}
        problem={(error) => contentProblem(t, error)}
        empty={
          <section className={`${ui.panel} ${contentUi.emptyPanel}`}>
            <NotebookPen size={32} aria-hidden="true" />
            <p>{t('blog.none')}</p>
          </section>
        }
      >
        {(content) => (
          <ul className={styles.cards}>
            {content.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function PostCard({ post }: { post: OwnerBlogCard }) {
  const { t } = useTranslation('workspace-content');
  const workspace = useWorkspace();
  const format = useFormatters();
  const published = post.statusCode === BLOG_STATUS.PUBLISHED;
  const name = post.name.trim() || t('blog.untitled');
  return (
    <li className={styles.card} data-testid="post-card">
      <div className={styles.cardImage} aria-hidden="true">
        {post.imagePath ? (
          <ResponsiveImage path={post.imagePath} color={post.imageColor} alt="" aspect="16 / 9" sizes="(min-width: 900px) 320px, 100vw" />
        ) : (
          <NotebookPen size={28} />
        )}
      </div>
      <div className={styles.cardBody}>
        <p className={ui.row}>
          <span className={[ui.badge, published && ui.badgeAccent].filter(Boolean).join(' ')}>
            {published ? t('blog.statusPublished') : t('blog.statusDraft')}
          </span>
          <span className={ui.muted}>
            {published && post.publishedDate
              ? format.date(post.publishedDate, workspace.firm.timezone)
              : format.date(post.updatedAt ?? post.createdAt, workspace.firm.timezone)}
          </span>
        </p>
        {published ? (
          <Link to="/blog/$shortId" params={{ shortId: post.shortId }} className={styles.cardTitle} dir="auto">
            {name}
          </Link>
        ) : (
          <span className={styles.cardTitle} dir="auto">
            {name}
          </span>
        )}
        {post.shortSummary && (
          <p className={styles.cardSummary} dir="auto">
            {post.shortSummary}
          </p>
        )}
        <Link
          to="/workspace/blog/$blogId"
          params={{ blogId: post.shortId }}
          className={buttonClass({ size: 'small' }, styles.cardEdit)}
          aria-label={t('blog.editLabel', { name })}
        >
          <Pencil size={16} aria-hidden="true" />
          {t('edit')}
        </Link>
      </div>
    </li>
  );
}
