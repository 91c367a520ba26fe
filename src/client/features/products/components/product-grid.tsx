import { FollowersOnlyMark } from '../../../components/ui/followers-only-mark';
import { Paginator } from '../../../components/ui/paginator';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../shared/products';
import { CardImage } from '../../../components/ui/card-image';
import { useFormatters } from '../../../lib/use-dates';
import { productsQuery } from '../api/get-products';
import { Link } from '@tanstack/react-router';
import card from '../../../components/ui/card.module.css';
import styles from './products.module.css';

/** A firm's shop: product cards, page by page. */
export function ProductGrid({
  firmId,
  renderSave,
  renderAction,
}: {
  firmId: string;
  renderSave?: (product: Product) => ReactNode;
  /** under a product's price: what the page offers for it (add to cart) */
  renderAction?: (product: Product) => ReactNode;
}) {
  const { t } = useTranslation('firm');
  const money = useFormatters().money;
  const [page, setPage] = useState(0);
  const { data, isPlaceholderData } = useQuery(productsQuery({ firmId, page }));
  if (!data) return null;
  if (data.totalElements === 0) return <p className={styles.empty}>{t('noProducts')}</p>;
  return (
    <div data-testid="shop-section">
      <ul className={styles.grid} aria-busy={isPlaceholderData}>
        {data.content.map((product) => (
          <li key={product.id} className={`${card.card} ${card.compact} ${styles.card}`}>
            <div className={styles.media}>
              <CardImage image={product} alt={product.name} aspect="1 / 1" sizes="(min-width: 900px) 240px, 50vw" />
              {renderSave && <div className={styles.save}>{renderSave(product)}</div>}
            </div>
            <div className={styles.body}>
              <FollowersOnlyMark shown={product.followersOnly} />
              <h3 dir="auto" className={styles.name}>
                <Link to="/product/$shortId" params={{ shortId: product.shortId }} className={styles.link}>
                  {product.name}
                </Link>
              </h3>
              {product.description && (
                <p dir="auto" className={`${styles.description} ${card.clamp}`}>
                  {product.description}
                </p>
              )}
              <p className={styles.priceRow}>
                <span className={styles.price}>{money(product.priceMinor, product.currency)}</span>
                {!product.inStock && <span className={styles.out}>{t('outOfStock')}</span>}
              </p>
              {renderAction &&
                product.inStock &&
                (product.hasVariants ? (
                  // its size or colour is chosen on its own page, where its button adds the chosen one
                  <Link to="/product/$shortId" params={{ shortId: product.shortId }} className={styles.choose}>
                    {t('variants.chooseOnPage')}
                  </Link>
                ) : (
                  renderAction(product)
                ))}
            </div>
          </li>
        ))}
      </ul>
      {data.totalPages > 1 && (
        <Paginator
          page={data.page + 1}
          previousDisabled={data.first}
          nextDisabled={data.last}
          onPrevious={() => setPage((p) => Math.max(0, p - 1))}
          onNext={() => setPage((p) => p + 1)}
        />
      )}
    </div>
  );
}
