import { useEffect, useRef, useState } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ImageOff, X } from 'lucide-react';
import { useImageModalStore } from '../../lib/image-modal-store';
import { Modal } from '../ui/modal';
import styles from './image-modal.module.css';

const HISTORY_FLAG = 'soukImageModal';

/**
 * Full-screen image viewer. Opening pushes a history entry on the same URL so
 * the browser back button closes it; the close button and Escape go back through that entry.
 * Everything behind it is inert while it is open.
 */
export function ImageModal() {
  const { t } = useTranslation();
  const image = useImageModalStore((state) => state.image);
  const close = useImageModalStore((state) => state.close);
  const router = useRouter();
  const flagged = useRouterState({
    select: (state) => Boolean((state.location.state as unknown as Record<string, unknown> | undefined)?.[HISTORY_FLAG]),
  });
  const pushed = useRef(false);
  // Which picture failed to load: a new one starts without the error.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = image !== null && failedSrc === image.src;
  const stageRef = useRef<HTMLDivElement>(null);

  // Push one history entry per opening.
  useEffect(() => {
    if (!image || pushed.current) return;
    pushed.current = true;
    const location = router.state.location;
    void router.navigate({
      href: location.href,
      state: (previous) => ({ ...previous, [HISTORY_FLAG]: true }) as never,
      resetScroll: false,
    });
  }, [image, router]);

  // Browser back removes the flag from the current entry: that closes the viewer.
  const sawFlag = useRef(false);
  useEffect(() => {
    if (!image) {
      sawFlag.current = false;
      pushed.current = false;
      return;
    }
    if (flagged) sawFlag.current = true;
    else if (sawFlag.current) {
      sawFlag.current = false;
      pushed.current = false;
      close();
    }
  }, [flagged, image, close]);

  const dismiss = () => {
    if (sawFlag.current && flagged) {
      router.history.back(); // the flag disappears and the effect above closes
    } else {
      pushed.current = false;
      close();
    }
  };

  if (!image) return null;
  return (
    <Modal
      open
      onClose={dismiss}
      fullPage
      showClose={false}
      ariaLabel={image.alt || t('imageModal.label')}
      zIndex={1300}
      className={styles.panel}
      bodyClassName={styles.body}
      initialFocusRef={stageRef}
    >
      <button type="button" className={styles.close} onClick={dismiss} aria-label={t('actions.close')}>
        <X size={24} aria-hidden="true" />
      </button>
      {/* a click beside the picture closes like the backdrop of any dialog; keyboard users have Escape and the close button */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div ref={stageRef} tabIndex={-1} className={styles.stage} onClick={(event) => event.target === event.currentTarget && dismiss()}>
        {failed ? (
          <div className={styles.broken}>
            <ImageOff size={40} aria-hidden="true" />
            <span>{t('imageModal.failed')}</span>
          </div>
        ) : (
          <img className={styles.image} src={image.src} alt={image.alt} onError={() => setFailedSrc(image.src)} decoding="async" />
        )}
      </div>
      {image.alt && <p className={styles.caption}>{image.alt}</p>}
    </Modal>
  );
}
