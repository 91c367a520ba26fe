import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Button } from '../../../components/ui/button';
import { buildUrl } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { problemMessage } from './problem-message';
import { UploadProgress } from './upload-progress';
import styles from './workspace-ui.module.css';

/** What `POST …/images?firmId=` answers: the media id the entity's save then names. */
export interface UploadedImage {
  imagePath: string;
  imageWidth: number | null;
  imageHeight: number | null;
  imageColor: string | null;
}

const MAX_BYTES = 8 * 1024 * 1024;
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * A picture of a workspace entity (a menu item, a product, an event…): what it is now, a button to
 * choose another, which is uploaded at once to `uploadPath?firmId=` with a progress bar; the form
 * then saves the media id it answered. A failed upload leaves the current picture as it was.
 * Rendered again only when its own props change: typing in the form's other fields does not redraw the picture.
 */
export const ImagePicker = memo(function ImagePicker({
  id,
  label,
  firmId,
  uploadPath,
  imagePath,
  imageColor,
  onChange,
  aspect = '4 / 3',
}: {
  id: string;
  label: string;
  firmId: string;
  uploadPath: string;
  imagePath: string | null;
  imageColor?: string | null;
  onChange: (image: UploadedImage | null) => void;
  aspect?: string;
}) {
  const { t } = useTranslation('workspace');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const uploading = progress !== undefined;

  const pick = async (file: File) => {
    setError(undefined);
    if (!ACCEPTED.split(',').includes(file.type)) return setError(t('cover.notImage'));
    if (file.size > MAX_BYTES) return setError(t('cover.tooLarge'));
    setProgress(0);
    try {
      onChange(await uploadImage<UploadedImage>(buildUrl(uploadPath, { firmId }), file, setProgress));
    } catch (failure) {
      setError(problemMessage(t, failure));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className={styles.picker} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={styles.pickerLabel}>
        {label}
      </span>
      <div className={styles.pickerFrame} style={{ aspectRatio: aspect }}>
        {imagePath ? (
          <ResponsiveImage path={imagePath} color={imageColor} alt="" aspect={aspect} sizes="(min-width: 900px) 320px, 100vw" />
        ) : (
          <span className={styles.pickerEmpty}>
            <ImageUp size={28} aria-hidden="true" />
            {t('picture.none')}
          </span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="visually-hidden"
        id={`${id}-file`}
        data-testid={`${id}-file`}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void pick(file);
          event.target.value = '';
        }}
      />
      <div className={styles.row}>
        <Button onClick={() => input.current?.click()} disabled={uploading} aria-describedby={error ? `${id}-error` : undefined}>
          <ImageUp size={18} aria-hidden="true" />
          {imagePath ? t('picture.change') : t('picture.choose')}
        </Button>
        {imagePath && !uploading && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            <Trash2 size={16} aria-hidden="true" />
            {t('picture.remove')}
          </Button>
        )}
      </div>
      {uploading && (
        <UploadProgress id={`${id}-progress`} value={progress} label={t('cover.uploading', { percent: Math.round(progress * 100) })} />
      )}
      {error && (
        <p id={`${id}-error`} className={styles.controlProblem} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
