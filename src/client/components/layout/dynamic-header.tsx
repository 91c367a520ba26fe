import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { useScrollVisibility } from '../../lib/scroll-visibility';
import type { HeaderConfig } from '../../lib/shell-chrome';
import { HEADER_HIDE_THRESHOLD_PX } from '../../../shared/limits';
import { mediaUrl } from '../../../shared/media';
import styles from './header-bar.module.css';

export type DynamicConfig = Extract<HeaderConfig, { type: 'titleWithImage' | 'close' }>;

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/**
 * Dynamic headers: 'titleWithImage' (small round image and title, both
 * clickable) and 'close' (back arrow and title; clicking closes). Either may hide while the page
 * scrolls down (20 px threshold, 200 ms slide) and scroll to the top when the bar is clicked.
 */
export function DynamicHeader({ config }: { config: DynamicConfig }) {
  const { t } = useTranslation();
  const router = useRouter();
  const visible = useScrollVisibility(Boolean(config.hideOnScroll), {
    topThreshold: HEADER_HIDE_THRESHOLD_PX,
    bottomThreshold: null,
  });

  const onBarClick = (event: React.MouseEvent<HTMLElement>) => {
    if (!config.scrollTopOnClick) return;
    if ((event.target as HTMLElement).closest('a,button')) return;
    scrollToTop();
  };

  const close = () => {
    if (config.type !== 'close') return;
    if (config.onClose) config.onClose();
    else if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: '/explore' });
  };

  const activate = () => {
    if (config.type !== 'titleWithImage') return;
    if (config.onClick) config.onClick();
    else if (config.to) void router.navigate({ href: config.to });
    else scrollToTop();
  };

  return (
    // a tap on the bar's empty space scrolls to the top, a pointer shortcut: the keyboard has Home and its own links
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <header
      className={`${styles.header} ${styles.dynamic}`}
      data-hidden={!visible || undefined}
      onClick={onBarClick}
      data-header-type={config.type}
    >
      <div className={`${styles.inner} ${styles.narrow}`}>
        {config.type === 'close' ? (
          <button type="button" className={styles.closeButton} onClick={close} aria-label={t('header.back')}>
            <ArrowLeft className="flip-rtl" size={22} aria-hidden="true" />
            <span className={styles.dynamicTitle}>{config.title}</span>
          </button>
        ) : (
          <button type="button" className={styles.titleButton} onClick={activate}>
            {config.image ? (
              <img className={styles.roundImage} src={mediaUrl(config.image, 'small')} alt="" width={32} height={32} />
            ) : (
              <span className={styles.roundImage} aria-hidden="true">
                {config.title.slice(0, 1)}
              </span>
            )}
            <span className={styles.dynamicTitle}>{config.title}</span>
          </button>
        )}
      </div>
    </header>
  );
}
