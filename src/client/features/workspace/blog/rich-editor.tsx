import { useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { BulletsIcon, LinkIcon, NumbersIcon, PictureIcon, QuoteIcon, RedoIcon, TextGlyph, UndoIcon, UnlinkIcon } from './toolbar-icons';
import { Button } from '../../../components/ui/button';
import contentUi from '../ui/content-editor.module.css';
import { UploadProgress } from '../ui/upload-progress';
import styles from './blog.module.css';

/**
 * The article editor (Tiptap: headings, lists, links, quotes, pictures). It is loaded only by the
 * workspace's blog editor (`lazy(() => import('./rich-editor'))`): none of it reaches a public
 * page (tests/e2e/budget.spec.ts). It writes HTML; the server sanitizes it on every save.
 */
export default function RichEditor({
  initialHtml,
  readOnly,
  onChange,
  uploadImage,
  labelledBy,
}: {
  initialHtml: string;
  readOnly?: boolean;
  onChange: (html: string) => void;
  /** uploads a picture, reporting its progress; answers the URL to show, or throws a message */
  uploadImage: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
  labelledBy: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['https', 'http', 'mailto', 'tel'], defaultProtocol: 'https' }),
      Image.configure({ inline: false }),
    ],
    content: initialHtml,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: { class: styles.prose, 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox', dir: 'auto' },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <div className={styles.editorFrame}>
      {!readOnly && <Toolbar editor={editor} uploadImage={uploadImage} />}
      <EditorContent editor={editor} className={styles.editorArea} />
    </div>
  );
}

function Toolbar({
  editor,
  uploadImage,
}: {
  editor: Editor;
  uploadImage: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
}) {
  const { t } = useTranslation('workspace-content');
  const [fileInput, setFileInput] = useState<HTMLInputElement | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
      undo: current.can().undo(),
      redo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, active: boolean, run: () => void, icon: React.ReactNode, disabled = false) => (
    <button
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {icon}
    </button>
  );
  const applyLink = () => {
    const href = (linking ?? '').trim();
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else
      chain()
        .extendMarkRange('link')
        .setLink({ href: /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : `https://${href}` })
        .run();
    setLinking(null);
  };
  const onPicture = async (chosen: File) => {
    setProblem(null);
    setProgress(0);
    try {
      const src = await uploadImage(chosen, setProgress);
      chain().setImage({ src, alt: '' }).run();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={styles.toolbarWrap}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('blog.toolbar')}>
        {tool(t('blog.tools.bold'), state.bold, () => chain().toggleBold().run(), <TextGlyph>B</TextGlyph>)}
        {tool(
          t('blog.tools.italic'),
          state.italic,
          () => chain().toggleItalic().run(),
          <TextGlyph italic bold={false}>
            I
          </TextGlyph>,
        )}
        <span className={styles.toolSep} aria-hidden="true" />
        {tool(t('blog.tools.heading'), state.h2, () => chain().toggleHeading({ level: 2 }).run(), <TextGlyph>H2</TextGlyph>)}
        {tool(t('blog.tools.subheading'), state.h3, () => chain().toggleHeading({ level: 3 }).run(), <TextGlyph>H3</TextGlyph>)}
        {tool(t('blog.tools.bulletList'), state.bullet, () => chain().toggleBulletList().run(), <BulletsIcon />)}
        {tool(t('blog.tools.orderedList'), state.ordered, () => chain().toggleOrderedList().run(), <NumbersIcon />)}
        {tool(t('blog.tools.quote'), state.quote, () => chain().toggleBlockquote().run(), <QuoteIcon />)}
        <span className={styles.toolSep} aria-hidden="true" />
        {tool(t('blog.tools.link'), state.link, () => setLinking(state.href || ''), <LinkIcon />)}
        {state.link && tool(t('blog.tools.unlink'), false, () => chain().extendMarkRange('link').unsetLink().run(), <UnlinkIcon />)}
        {tool(t('blog.tools.image'), false, () => fileInput?.click(), <PictureIcon />, progress !== null)}
        <span className={styles.toolSep} aria-hidden="true" />
        {tool(
          t('blog.tools.undo'),
          false,
          () => chain().undo().run(),
          <span className="flip-rtl">
            <UndoIcon />
          </span>,
          !state.undo,
        )}
        {tool(
          t('blog.tools.redo'),
          false,
          () => chain().redo().run(),
          <span className="flip-rtl">
            <RedoIcon />
          </span>,
          !state.redo,
        )}
      </div>
      <input
        ref={setFileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="article-image-file"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void onPicture(chosen);
          event.target.value = '';
        }}
      />
      {linking !== null && (
        <div className={styles.linkBar}>
          <label htmlFor="article-link" className={styles.linkLabel}>
            {t('blog.linkAddress')}
          </label>
          <input
            id="article-link"
            className={styles.linkInput}
            type="url"
            dir="ltr"
            value={linking}
            // the link field opens on the author's request from the toolbar: their typing goes into it
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            placeholder="https://"
            onChange={(event) => setLinking(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              }
              if (event.key === 'Escape') setLinking(null);
            }}
          />
          <Button size="small" variant="primary" onClick={applyLink}>
            {t('blog.linkApply')}
          </Button>
          <Button size="small" variant="ghost" onClick={() => setLinking(null)}>
            {t('cancel')}
          </Button>
        </div>
      )}
      {progress !== null && (
        <UploadProgress
          id="article-upload"
          className={styles.uploading}
          value={progress}
          label={t('blog.uploading', { percent: Math.round(progress * 100) })}
        />
      )}
      {problem && (
        <p className={`${contentUi.error} ${styles.toolbarError}`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
