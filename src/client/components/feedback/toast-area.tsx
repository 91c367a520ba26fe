import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useToastStore, type Toast, type ToastType } from '../../lib/toast-store';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './toast-area.module.css';

const ICONS: Record<ToastType, LucideIcon> = {
  success: CircleCheck,
  error: CircleAlert,
  info: Info,
  warn: TriangleAlert,
};

/** Renders the toast store: newest last, each closable, 250 ms exit. */
export function ToastArea() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  // A portal cannot be hydrated: mount it after hydration (server-rendered pages).
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return createPortal(
    <section className={styles.area} data-toast-area="" aria-label={t('toasts.label')}>
      {/* Two live regions: errors interrupt, the rest wait their turn. */}
      <div className={styles.list} aria-live="polite" aria-relevant="additions text">
        {toasts
          .filter((toast) => toast.type !== 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div className={styles.list} aria-live="assertive" aria-relevant="additions text">
        {toasts
          .filter((toast) => toast.type === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </section>,
    document.body,
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((state) => state.dismiss);
  const Icon = ICONS[toast.type];
  return (
    <div
      className={`${styles.toast} ${styles[toast.type]} ${toast.leaving ? styles.leaving : ''}`}
      data-type={toast.type}
      data-toast-id={toast.id}
      data-leaving={toast.leaving || undefined}
    >
      <Icon className={styles.icon} size={20} aria-hidden="true" />
      <div className={styles.content}>
        {toast.title && <p className={styles.title}>{toast.title}</p>}
        <p className={styles.message}>{toast.message}</p>
      </div>
      {toast.action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            toast.action!.run();
            dismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className={styles.close} onClick={() => dismiss(toast.id)} aria-label={t('actions.dismiss')}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
