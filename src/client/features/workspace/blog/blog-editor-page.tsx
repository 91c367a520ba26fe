import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Check, CheckCircle2, CircleAlert, Eye, ExternalLink, LoaderCircle, Trash2 } from 'lucide-react';
import { BLOG_LIMITS, BLOG_STATUS, type BlogPatch, type OwnerBlogPost } from '../../../../shared/owner-blog';
import { pickName } from '../../../../shared/i18n';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { coverProblem, CoverPicker } from '../firm-form/cover-picker';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem, fieldProblem } from '../ui/content-problem';
import { FollowersOnlyToggle } from '../ui/followers-only-toggle';
import { SelectField, TextAreaField } from '../ui/form-controls';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { blogCategoriesQuery, ownerPostQuery, uploadPostImage, useDeletePost, usePatchPost, useTogglePost } from './blog-api';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import contentUi from '../ui/content-editor.module.css';
import styles from './blog.module.css';

/** Tiptap is the workspace blog's alone: its chunk loads with this page, never on a public one. */
const RichEditor = lazy(() => import('./rich-editor'));

/** How long typing pauses before the draft is saved. */
const AUTOSAVE_MS = 1200;

type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/** `workspace/blog/{shortId}`: the article editor, saved as it is written. */
export function BlogEditorPage({ shortId }: { shortId: string }) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const workspace = useWorkspace();
  const post = useQuery(ownerPostQuery(workspace.firmId, shortId));
  usePageTitle(post.data?.name || t('blog.title'));
  return (
    <div className={ui.page}>
      <Link to="/workspace/blog" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('blog.title')}
      </Link>
      {post.isPending ? (
        <PageSpinner />
      ) : post.isError ? (
        <p className={ui.errorBox} role="alert">
          {contentProblem(t, post.error)}
        </p>
      ) : (
        <BlogEditor key={post.data.id} initial={post.data} />
      )}
    </div>
  );
}

function BlogEditor({ initial }: { initial: OwnerBlogPost }) {
  const { t, i18n } = useTranslation(['workspace-content', 'auth']);
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const format = useFormatters();
  const categories = useQuery(blogCategoriesQuery());
  const { mutateAsync: savePatch } = usePatchPost(workspace.firmId, initial.id);
  const toggle = useTogglePost(workspace.firmId, initial.id);
  const remove = useDeletePost(workspace.firmId);
  const mayEdit = workspace.can('content.edit');

  /** the server's copy (sanitized), as last saved */
  const [post, setPost] = useState(initial);
  const [name, setName] = useState(initial.name);
  const [summary, setSummary] = useState(initial.shortSummary);
  const [categoryKey, setCategoryKey] = useState(initial.categoryKey ?? '');
  const [followersOnly, setFollowersOnly] = useState(initial.followersOnly);
  const [imagePath, setImagePath] = useState(initial.imagePath);
  const [cover, setCover] = useState<{ preview?: string; progress?: number; error?: string }>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [preview, setPreview] = useState(false);

  const labels: Record<string, string> = {
    name: t('blog.name'),
    shortSummary: t('blog.summary'),
    categoryKey: t('blog.category'),
    content: t('blog.content'),
    imagePath: t('blog.cover'),
  };

  const labelsRef = useRef(labels);
  useEffect(() => {
    labelsRef.current = labels;
  });

  // ---- autosave: changes gather in `pending`; one request at a time; a failure keeps them for the retry ----
  const pending = useRef<BlogPatch>({});
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    for (;;) {
      while (inFlight.current) await inFlight.current;
      const body = pending.current;
      if (Object.keys(body).length === 0) {
        setSaveState('saved');
        return true;
      }
      pending.current = {};
      setSaveState('saving');
      const run = (async () => {
        try {
          const saved = await savePatch(body);
          setPost(saved);
          setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in body))));
          return true;
        } catch (error) {
          pending.current = { ...body, ...pending.current };
          if (error instanceof ApiError && error.fieldErrors) {
            const found: Record<string, string> = {};
            for (const [field, messages] of Object.entries(error.fieldErrors)) {
              if (messages[0]) found[field] = fieldProblem(t, messages[0], labelsRef.current[field] ?? field);
            }
            setErrors((current) => ({ ...current, ...found }));
          }
          setSaveState('error');
          toast.error(contentProblem(t, error));
          return false;
        } finally {
          inFlight.current = null;
        }
      })();
      inFlight.current = run;
      if (!(await run)) return false;
    }
  }, [savePatch, t]);

  // leaving with changes not yet sent saves them first; only a failed save asks
  const allowLeaving = useUnsavedChangesGuard(saveState, 'saved', flush);

  const queue = useCallback(
    (change: BlogPatch) => {
      pending.current = { ...pending.current, ...change };
      setSaveState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
    },
    [flush],
  );

  // unsaved words are not lost by leaving: the browser asks first, and a last save is sent
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length > 0 || inFlight.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (Object.keys(pending.current).length > 0) void flushRef.current();
    };
  }, []);

  const onPickCover = async (file: File) => {
    const problem = coverProblem(file);
    if (problem) {
      setCover({ error: t(problem, { ns: 'workspace' }) });
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setCover({ preview: previewUrl, progress: 0 });
    try {
      const uploaded = await uploadPostImage(workspace.firmId, file, (progress) => setCover((current) => ({ ...current, progress })));
      setImagePath(uploaded.imagePath);
      setCover({ preview: previewUrl });
      queue({ imagePath: uploaded.imagePath });
    } catch (error) {
      URL.revokeObjectURL(previewUrl);
      setCover({ error: contentProblem(t, error) });
    }
  };

  const uploadArticleImage = useCallback(
    async (file: File, onProgress: (fraction: number) => void) => {
      const problem = coverProblem(file);
      if (problem) throw new Error(t(problem, { ns: 'workspace' }));
      try {
        const uploaded = await uploadPostImage(workspace.firmId, file, onProgress);
        return `/media/${uploaded.imagePath}/large.webp`;
      } catch (error) {
        throw new Error(contentProblem(t, error));
      }
    },
    [t, workspace.firmId],
  );
  const onContent = useCallback((content: string) => queue({ content }), [queue]);

  const published = post.statusCode === BLOG_STATUS.PUBLISHED;
  const onToggle = async () => {
    if (!(await flush())) return;
    try {
      const next = await toggle.mutateAsync(undefined);
      setPost(next);
      toast.success(next.statusCode === BLOG_STATUS.PUBLISHED ? t('blog.published') : t('blog.unpublished'));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const found: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (messages[0]) found[field] = fieldProblem(t, messages[0], labels[field] ?? field);
        }
        setErrors(found);
      }
      toast.error(contentProblem(t, error));
    }
  };
  const onPreview = async () => {
    if (await flush()) setPreview(true);
  };
  const onDelete = async () => {
    const ok = await confirm({
      title: t('blog.deleteTitle', { name: post.name || t('blog.untitled') }),
      message: t('blog.deleteText'),
      okText: t('blog.delete'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (!ok) return;
    clearTimeout(timer.current);
    pending.current = {};
    remove.mutate(post.id, {
      onSuccess: () => {
        allowLeaving();
        toast.success(t('blog.deleted', { name: post.name || t('blog.untitled') }));
        void navigate({ to: '/workspace/blog' });
      },
      onError: (error) => toast.error(contentProblem(t, error)),
    });
  };

  return (
    <div className={contentUi.editor}>
      <WorkspacePageHeader
        title={name.trim() || t('blog.untitled')}
        titleDir="auto"
        actions={
          <>
            <Button variant="ghost" onClick={() => void onPreview()}>
              <Eye size={18} aria-hidden="true" />
              {t('blog.preview')}
            </Button>
            {published && (
              <Link to="/blog/$shortId" params={{ shortId: post.shortId }} target="_blank" className={buttonClass({ variant: 'ghost' })}>
                <ExternalLink size={18} aria-hidden="true" />
                {t('blog.viewPublic')}
              </Link>
            )}
            {mayEdit && (
              <Button variant={published ? 'secondary' : 'primary'} onClick={() => void onToggle()} disabled={toggle.isPending}>
                {!published && <CheckCircle2 size={18} aria-hidden="true" />}
                {published ? t('blog.unpublish') : t('blog.publish')}
              </Button>
            )}
          </>
        }
      >
        <p className={`${ui.row} ${contentUi.statusRow}`}>
          <span className={[ui.badge, published && ui.badgeAccent].filter(Boolean).join(' ')} data-testid="post-status">
            {published ? t('blog.statusPublished') : t('blog.statusDraft')}
          </span>
          {post.publishedDate && (
            <span className={ui.muted}>{t('blog.publishedOn', { date: format.date(post.publishedDate, post.firmTimezone) })}</span>
          )}
          {mayEdit && <SaveIndicator state={saveState} onRetry={() => void flush()} />}
        </p>
      </WorkspacePageHeader>
      {!mayEdit && <p className={ui.notice}>{t('blog.readOnly')}</p>}

      <fieldset className={ui.panel} disabled={!mayEdit}>
        <legend className="visually-hidden">{t('blog.details')}</legend>
        <div className={styles.fields}>
          <TextField
            id="post-name"
            label={labels.name}
            value={name}
            maxLength={BLOG_LIMITS.name}
            error={errors.name}
            dir="auto"
            onChange={(event) => {
              setName(event.target.value);
              queue({ name: event.target.value });
            }}
          />
          <TextAreaField
            id="post-summary"
            label={labels.shortSummary}
            value={summary}
            rows={2}
            maxLength={BLOG_LIMITS.summary}
            error={errors.shortSummary}
            hint={t('blog.summaryHint', { count: BLOG_LIMITS.summary - summary.length })}
            dir="auto"
            onChange={(event) => {
              setSummary(event.target.value);
              queue({ shortSummary: event.target.value });
            }}
          />
          <SelectField
            id="post-category"
            label={labels.categoryKey}
            value={categoryKey}
            error={errors.categoryKey}
            onChange={(event) => {
              setCategoryKey(event.target.value);
              queue({ categoryKey: event.target.value || null });
            }}
          >
            <option value="">{t('blog.noCategory')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.key} value={category.key}>
                {pickName(category.names, i18n.language)}
              </option>
            ))}
          </SelectField>
          <FollowersOnlyToggle
            checked={followersOnly}
            onChange={(checked) => {
              setFollowersOnly(checked);
              queue({ followersOnly: checked });
            }}
          />
          <div className={contentUi.coverBox}>
            <p className={contentUi.fieldLabel}>{labels.imagePath}</p>
            <CoverPicker
              imagePath={imagePath}
              imageColor={imagePath === initial.imagePath ? initial.imageColor : null}
              preview={cover.preview}
              progress={cover.progress}
              error={cover.error ?? errors.imagePath}
              disabled={!mayEdit}
              onPick={(file) => void onPickCover(file)}
            />
          </div>
        </div>
      </fieldset>

      <section className={ui.panel} aria-labelledby="post-content-label">
        <h2 id="post-content-label" className={ui.panelTitle}>
          {labels.content}
        </h2>
        {errors.content && (
          <p className={contentUi.error} role="alert">
            {errors.content}
          </p>
        )}
        <Suspense fallback={<div className={styles.editorLoading} aria-busy="true" />}>
          <RichEditor
            initialHtml={initial.content}
            readOnly={!mayEdit}
            onChange={onContent}
            uploadImage={uploadArticleImage}
            labelledBy="post-content-label"
          />
        </Suspense>
      </section>

      {mayEdit && (
        <section className={ui.panel} aria-labelledby="post-danger">
          <h2 id="post-danger" className={ui.panelTitle}>
            {t('blog.deleteSection')}
          </h2>
          <p className={ui.muted}>{t('blog.deleteHint')}</p>
          <div className={styles.dangerRow}>
            <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
              <Trash2 size={18} aria-hidden="true" />
              {t('blog.delete')}
            </Button>
          </div>
        </section>
      )}

      <Modal open={preview} onClose={() => setPreview(false)} title={t('blog.previewTitle')} size="large">
        <article className={styles.article} data-testid="post-preview">
          <h1 dir="auto" className={styles.articleTitle}>
            {post.name || t('blog.untitled')}
          </h1>
          <p className={ui.muted}>
            {workspace.firm.name}
            {post.categoryKey && categories.data
              ? ` · ${pickName(categories.data.find((category) => category.key === post.categoryKey)?.names, i18n.language)}`
              : ''}
          </p>
          {post.imagePath && <img src={`/media/${post.imagePath}/large.webp`} alt="" className={styles.articleHero} />}
          {post.shortSummary && (
            <p dir="auto" className={styles.articleLead}>
              {post.shortSummary}
            </p>
          )}
          <div dir="auto" className={styles.prose} dangerouslySetInnerHTML={{ __html: post.content }} />
        </article>
      </Modal>
    </div>
  );
}

/** The autosave's state: saved, saving, or not saved with a retry. */
function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation('workspace-content');
  if (state === 'error') {
    return (
      <span className={`${styles.saveState} ${styles.saveError}`} role="status">
        <CircleAlert size={16} aria-hidden="true" />
        {t('blog.notSaved')}
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('blog.retry')}
        </button>
      </span>
    );
  }
  return (
    <span className={styles.saveState} role="status" data-testid="save-state">
      {state === 'saved' ? <Check size={16} aria-hidden="true" /> : <LoaderCircle size={16} aria-hidden="true" className={styles.spin} />}
      {state === 'saved' ? t('blog.saved') : t('blog.saving')}
    </span>
  );
}
