import type { OwnerProduct } from '../../../../shared/owner-catalogue';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import ui from '../ui/workspace-ui.module.css';
import styles from './shop.module.css';

/** "12 in stock", "2 left: low", "Out of stock" or "Made to order". */
export function StockBadge({ product }: { product: Pick<OwnerProduct, 'trackStock' | 'available' | 'low'> }) {
  const { t } = useCatalogueMessages();
  if (!product.trackStock) return <span className={ui.badge}>{t('stock.untracked')}</span>;
  if (product.available <= 0) return <span className={`${ui.badge} ${styles.out}`}>{t('stock.out')}</span>;
  if (product.low) return <span className={`${ui.badge} ${styles.low}`}>{t('stock.low', { count: product.available })}</span>;
  return <span className={ui.badge}>{t('stock.inStock', { count: product.available })}</span>;
}
