import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { Attachment } from '../../../../shared/messages';
import { MESSAGE_ATTACHMENTS_MAX } from '../../../../shared/message-limits';
import { openImage } from '../../../lib/image-modal-store';
import { attachmentUrl, uploadAttachment, type Side } from '../api/messages';
import styles from './messages.module.css';

/** The images of a message: small thumbnails; pressed, the large rendition opens in the image modal. */
export function MessageImages({ side, conversationId, images }: { side: Side; conversationId: string; images: Attachment[] }) {
  const { t } = useTranslation('messages');
  if (images.length === 0) return null;
  return (
    <span className={styles.images} data-count={images.length}>
      {images.map((image, index) => (
        <button
          key={image.id}
          type="button"
          className={styles.imageButton}
          aria-label={t('attachments.open', { index: index + 1, count: images.length })}
          onClick={() => openImage(attachmentUrl(side, conversationId, image.id, 'large'), t('attachments.alt'))}
        >
          <img
            src={attachmentUrl(side, conversationId, image.id, 'small')}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            style={{ backgroundColor: image.color }}
            data-testid="message-image"
          />
        </button>
      ))}
    </span>
  );
}

interface Pending {
  key: string;
  file: File;
  preview: string;
  progress: number;
  attachment?: Attachment;
  error?: string;
}

let counter = 0;

/**
 * Images chosen for the next message: each uploaded at once (progress 0..1), shown as a preview until
 * sent; at most MESSAGE_ATTACHMENTS_MAX. `ids` are the uploaded ones, in the order chosen.
 */
export function usePendingImages(side: Side, id: string) {
  const { t } = useTranslation('messages');
  const [items, setItems] = useState<Pending[]>([]);
  const live = useRef(items);
  useEffect(() => {
    live.current = items;
  }, [items]);
  // previews are object URLs: let them go with the component
  useEffect(() => () => live.current.forEach((item) => URL.revokeObjectURL(item.preview)), []);

  const update = (key: string, change: Partial<Pending>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: File[]): string | null => {
    const room = MESSAGE_ATTACHMENTS_MAX - items.length;
    const taken = files.slice(0, Math.max(0, room));
    const added = taken.map((file) => ({ key: `pending-${(counter += 1)}`, file, preview: URL.createObjectURL(file), progress: 0 }));
    setItems((list) => [...list, ...added]);
    for (const item of added) {
      uploadAttachment(side, id, item.file, (progress) => update(item.key, { progress }))
        .then((attachment) => update(item.key, { attachment, progress: 1 }))
        .catch((failure: unknown) => update(item.key, { error: failure instanceof Error ? failure.message : t('attachments.failed') }));
    }
    return files.length > taken.length ? t('attachments.tooMany', { count: MESSAGE_ATTACHMENTS_MAX }) : null;
  };

  const remove = (key: string) =>
    setItems((list) => {
      const gone = list.find((item) => item.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((item) => item.key !== key);
    });

  const clear = useCallback(() => {
    live.current.forEach((item) => URL.revokeObjectURL(item.preview));
    setItems([]);
  }, []);

  return {
    items,
    add,
    remove,
    clear,
    ids: items.flatMap((item) => (item.attachment ? [item.attachment.id] : [])),
    uploading: items.some((item) => !item.attachment && !item.error),
    failed: items.some((item) => item.error),
  };
}

/** The chosen images above the composer: preview, upload progress or error, and a remove button. */
export function PendingImages({ pending }: { pending: ReturnType<typeof usePendingImages> }) {
  const { t } = useTranslation('messages');
  if (pending.items.length === 0) return null;
  return (
    <ul className={styles.pending} aria-label={t('attachments.chosen')}>
      {pending.items.map((item) => (
        <li key={item.key} className={styles.pendingItem} data-failed={item.error ? true : undefined} data-testid="pending-image">
          <img src={item.preview} alt="" className={styles.pendingPreview} />
          {!item.attachment && !item.error && (
            <progress
              className={styles.pendingProgress}
              max={1}
              value={item.progress}
              aria-label={t('attachments.uploading', { percent: Math.round(item.progress * 100) })}
            />
          )}
          {item.error && (
            <span className={styles.pendingError} role="alert">
              {item.error}
            </span>
          )}
          <button
            type="button"
            className={styles.pendingRemove}
            aria-label={t('attachments.remove', { name: item.file.name })}
            onClick={() => pending.remove(item.key)}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
