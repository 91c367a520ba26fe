import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lockScroll } from '../../lib/scroll-lock';
import { focusableWithin, isTopLayer, pushLayer } from './focus';
import styles from './modal.module.css';

export const MODAL_BASE_Z_INDEX = 1100;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** the close icon in the corner (default shown) */
  showClose?: boolean;
  /** backdrop click closes (default true) */
  closeOnBackdrop?: boolean;
  /** Escape closes (default true) */
  closeOnEscape?: boolean;
  /** covers the whole viewport */
  fullPage?: boolean;
  /** buttons row under the body */
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** accessible name when there is no visible title */
  ariaLabel?: string;
  /** element to focus first; default: the first focusable element of the body */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** base z-index (default 1100); stacked modals go above */
  zIndex?: number;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  /** class on the body wrapper (e.g. to drop its padding) */
  bodyClassName?: string;
  /** called on a key press inside the dialog before the built-in handling */
  onKeyDown?: (event: ReactKeyboardEvent<HTMLDivElement>) => void;
  /** what a backdrop click does when closeOnBackdrop is on (default onClose) */
  onBackdrop?: () => void;
  children?: ReactNode;
}

/**
 * Generic modal: optional title and close icon, backdrop and Escape close
 * unless disabled, focus trapped inside, page scroll locked, focus returned on close,
 * full-page option, z-index 1100, at most 94vw by 95% of the viewport.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalLayer {...props} />, document.body);
}

function ModalLayer({
  onClose,
  title,
  showClose = true,
  closeOnBackdrop = true,
  closeOnEscape = true,
  fullPage = false,
  footer,
  role = 'dialog',
  ariaLabel,
  initialFocusRef,
  zIndex = MODAL_BASE_Z_INDEX,
  size = 'medium',
  className,
  bodyClassName,
  onKeyDown,
  onBackdrop,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<ReturnType<typeof pushLayer> | null>(null);
  const titleId = useId();
  // Read at the moment of use, so the effects below run once per opening.
  const escape = useEffectEvent(() => {
    if (!closeOnEscape) return false;
    onClose();
    return true;
  });
  const focusFirst = useEffectEvent((panel: HTMLElement) => {
    const target =
      initialFocusRef?.current ?? (bodyRef.current && focusableWithin(bodyRef.current)[0]) ?? focusableWithin(panel)[0] ?? panel;
    target.focus({ preventScroll: true });
  });

  // Layer, scroll lock, first focus, and focus return: once per opening.
  useLayoutEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const layer = pushLayer();
    layerRef.current = layer;
    const unlock = lockScroll();
    focusFirst(panelRef.current!);
    return () => {
      layer.release();
      layerRef.current = null;
      unlock();
      if (previouslyFocused && previouslyFocused.isConnected && typeof previouslyFocused.focus === 'function') {
        previouslyFocused.focus({ preventScroll: true });
      }
    };
  }, []);

  // Stacked modals go above the ones under them (the layer's depth is known once it is pushed).
  useLayoutEffect(() => {
    rootRef.current!.style.zIndex = String(zIndex + (layerRef.current?.depth ?? 0) * 10);
  }, [zIndex]);

  // Escape and the Tab trap listen on the document so they work wherever focus is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const layer = layerRef.current;
      const panel = panelRef.current;
      if (!layer || !panel || !isTopLayer(layer.id) || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        if (escape()) event.preventDefault();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const layer = layerRef.current;
      const panel = panelRef.current;
      if (!layer || !panel || !isTopLayer(layer.id)) return;
      const target = event.target as Node | null;
      if (target && !panel.contains(target) && !(target as Element).closest?.('[data-toast-area]')) {
        (focusableWithin(panel)[0] ?? panel).focus({ preventScroll: true });
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  const classes = [styles.panel, styles[size], fullPage && styles.fullPage, className].filter(Boolean).join(' ');

  return (
    <div ref={rootRef} className={styles.root} data-modal-root="">
      <div
        className={styles.backdrop}
        data-testid="modal-backdrop"
        aria-hidden="true"
        onClick={() => {
          if (closeOnBackdrop) (onBackdrop ?? onClose)();
        }}
      />
      <div
        ref={panelRef}
        className={classes}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {(title || showClose) && (
          <div className={styles.head}>
            {title ? (
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
            ) : (
              <span />
            )}
            {showClose && (
              <button type="button" className={styles.close} onClick={onClose} aria-label={t('actions.close')}>
                <X size={20} aria-hidden="true" />
              </button>
            )}
          </div>
        )}
        <div ref={bodyRef} className={bodyClassName ? `${styles.body} ${bodyClassName}` : styles.body}>
          {children}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
