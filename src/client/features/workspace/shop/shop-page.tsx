import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, PackageOpen, Plus } from 'lucide-react';
import type { OwnerProduct } from '../../../../shared/owner-catalogue';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { ownerProductsQuery } from '../api/products';
import editor from '../catalogue-editor/catalogue-editor.module.css';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { FulfilmentPanel } from './fulfilment-panel';
import { StockBadge } from './stock-badge';
import styles from './shop.module.css';

/** `workspace/shop`: the firm's products, their price and what is left in stock. */
export function ShopPage() {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const products = useQuery(ownerProductsQuery(workspace.firmId, 0, false));
  usePageTitle(t('shop.title'));
  const mayEdit = workspace.can('catalogue.edit');

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('shop.title')}
        lead={t('shop.lead')}
        actions={
          <>
            <Link to="/workspace/inventory" className={buttonClass()}>
              <PackageOpen size={18} aria-hidden="true" />
              {t('inventory.title')}
            </Link>
            {mayEdit && workspace.canCreate('CREATE_PRODUCT') && (
              <Link to="/workspace/shop/$productId" params={{ productId: 'new' }} className={buttonClass({ variant: 'primary' })}>
                <Plus size={18} aria-hidden="true" />
                {t('shop.add')}
              </Link>
            )}
          </>
        }
      />
      {mayEdit && !workspace.canCreate('CREATE_PRODUCT') && <PlanLimitNote featureKey="CREATE_PRODUCT" />}
      {workspace.can('firm.edit') && <FulfilmentPanel firmId={workspace.firmId} />}
      {products.isPending ? (
        <PageSpinner />
      ) : products.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{messages.problem(products.error)}</p>
          <Button onClick={() => void products.refetch()}>{t('retry')}</Button>
        </div>
      ) : products.data.content.length === 0 ? (
        <p className={ui.panel}>{t('shop.empty')}</p>
      ) : (
        <ul className={styles.products}>
          {products.data.content.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductCard({ product }: { product: OwnerProduct }) {
  const { t } = useCatalogueMessages();
  const format = useFormatters();
  return (
    <Link to="/workspace/shop/$productId" params={{ productId: product.id }} className={styles.card}>
      <span className={editor.thumb}>
        {product.imagePath && <ResponsiveImage path={product.imagePath} color={product.imageColor} alt="" aspect="1 / 1" sizes="64px" />}
      </span>
      <span className={styles.cardText}>
        <span className={styles.name}>
          <bdi>{product.name}</bdi>
        </span>
        <span className={styles.price}>
          {format.money(product.price, product.currency)}
          {product.compareAtPrice !== null && <s className={styles.was}>{format.money(product.compareAtPrice, product.currency)}</s>}
        </span>
      </span>
      {!product.published && <span className={ui.badge}>{t('publish.hidden')}</span>}
      {product.variants.length > 0 ? (
        <>
          <span className={ui.badge}>{t('shop.variants.count', { count: product.variants.length })}</span>
          {product.low && <span className={`${ui.badge} ${styles.low}`}>{t('stock.variantLow')}</span>}
        </>
      ) : (
        <StockBadge product={product} />
      )}
      <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
    </Link>
  );
}
