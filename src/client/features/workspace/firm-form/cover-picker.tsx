import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp } from 'lucide-react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Button } from '../../../components/ui/button';
import { UploadProgress } from '../ui/upload-progress';
import ui from '../ui/workspace-ui.module.css';
import styles from './firm-form.module.css';

export const COVER_MAX_BYTES = 8 * 1024 * 1024;
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Why a chosen file cannot be a cover, before it is sent: an i18n key, or undefined. */
export function coverProblem(file: File): string | undefined {
  if (!ACCEPTED.split(',').includes(file.type)) return 'cover.notImage';
  if (file.size > COVER_MAX_BYTES) return 'cover.tooLarge';
  return undefined;
}

/**
 * The cover image: what it is now (or the chosen file's preview), a button to choose another, and
 * the upload's progress while it is sent.
 */
export function CoverPicker({
  imagePath,
  imageColor,
  preview,
  progress,
  error,
  disabled,
  onPick,
}: {
  imagePath: string | null;
  imageColor?: string | null;
  preview?: string;
  /** 0..1 while uploading */
  progress?: number;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  const { t } = useTranslation('workspace');
  const input = useRef<HTMLInputElement>(null);
  const uploading = progress !== undefined;
  return (
    <div className={styles.cover}>
      <div className={styles.coverFrame}>
        {preview ? (
          <img src={preview} alt="" className={styles.coverPreview} />
        ) : imagePath ? (
          <ResponsiveImage path={imagePath} color={imageColor} alt="" aspect="16 / 9" sizes="(min-width: 900px) 640px, 100vw" />
        ) : (
          <span className={styles.coverEmpty}>
            <ImageUp size={32} aria-hidden="true" />
            {t('cover.none')}
          </span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="visually-hidden"
        id="cover-file"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
      <div className={styles.coverActions}>
        <Button
          onClick={() => input.current?.click()}
          disabled={disabled || uploading}
          aria-describedby={error ? 'cover-error' : 'cover-hint'}
        >
          <ImageUp size={18} aria-hidden="true" />
          {imagePath || preview ? t('cover.change') : t('cover.choose')}
        </Button>
        <span id="cover-hint" className={styles.hint}>
          {t('cover.hint')}
        </span>
      </div>
      {uploading && (
        <UploadProgress id="cover-progress" value={progress} label={t('cover.uploading', { percent: Math.round(progress * 100) })} />
      )}
      {error && (
        <p id="cover-error" className={ui.controlProblem} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
