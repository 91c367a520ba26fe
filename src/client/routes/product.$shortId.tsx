import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPE } from '../../shared/entity-types';
import { productQuery } from '../features/products/api/get-product';
import { SavedToggle } from '../features/saved/components/saved-toggle';
import { AddToCartButton } from '../features/orders/components/add-to-cart-button';
import { ProductWaitlist } from '../features/products/components/product-waitlist';
import { ItemDetail } from '../components/ui/item-detail';
import { itemDetailHead, loadItemDetail } from '../components/ui/item-detail-route';
import detail from '../components/ui/item-detail.module.css';
import { usePublicOrigin } from '../lib/share';
import { useFormatters } from '../lib/use-dates';
import { usePageView } from '../lib/page-view';

/** `/product/{shortId}`: a product's own page, reachable from its firm's shop and from the showcase. */
export const Route = createFileRoute('/product/$shortId')({
  loader: ({ context: { queryClient }, params }) => loadItemDetail(queryClient, productQuery(params.shortId)),
  head: ({ loaderData, params }) => itemDetailHead(loaderData, `/product/${params.shortId}`),
  component: ProductPage,
});

function ProductPage() {
  const origin = usePublicOrigin();
  const { shortId } = Route.useParams();
  usePageView('product', shortId);
  const { t } = useTranslation('firm');
  const f = useFormatters();
  const { data: product } = useSuspenseQuery(productQuery(shortId));
  const [chosenId, setChosenId] = useState<string | null>(null);
  if (!product) return null;
  const variants = product.variants ?? [];
  // the visitor's choice, else the first that can be had, else the first
  const chosen = variants.find((v) => v.id === chosenId) ?? variants.find((v) => v.inStock) ?? variants[0];
  const inStock = chosen ? chosen.inStock : product.inStock;
  const left = chosen ? chosen.fewLeft : product.fewLeft;
  return (
    <ItemDetail
      followersOnly={product.followersOnly}
      kicker={t('section.shop')}
      name={product.name}
      description={product.description}
      choices={
        variants.length > 0 && (
          <fieldset className={detail.choices}>
            <legend>{t('variants.choose')}</legend>
            {variants.map((variant) => (
              <label key={variant.id} className={`${detail.choice} ${variant.inStock ? '' : detail.choiceSoldOut}`}>
                <input
                  type="radio"
                  name="variant"
                  value={variant.id}
                  checked={variant.id === chosen?.id}
                  onChange={() => setChosenId(variant.id)}
                />
                <span dir="auto">{variant.name}</span>
                {!variant.inStock && <span className={detail.choiceNote}>{t('variants.soldOut')}</span>}
              </label>
            ))}
          </fieldset>
        )
      }
      price={f.money(chosen ? chosen.priceMinor : product.priceMinor, product.currency)}
      wasPrice={
        product.compareAtMinor !== null && product.compareAtMinor > (chosen ? chosen.priceMinor : product.priceMinor)
          ? f.money(product.compareAtMinor, product.currency)
          : undefined
      }
      stockHint={left === null ? undefined : t('fewLeft', { count: left })}
      unavailable={inStock ? undefined : chosen ? t('variants.soldOut') : t('outOfStock')}
      image={product}
      firm={{ username: product.firmUsername, name: product.firmName, imagePath: product.firmImagePath }}
      saveSlot={<SavedToggle entityId={product.id} entityTypeCode={ENTITY_TYPE.PRODUCT} name={product.name} compact />}
      // a product with variants is bought by the chosen one; sold out, a member may wait for it (signed
      // out, a variant's button says so, disabled) and buy what its waitlist holds for them
      purchaseSlot={
        inStock ? (
          <AddToCartButton itemType="product" itemId={product.id} name={product.name} variant={chosen} />
        ) : (
          <ProductWaitlist
            productId={product.id}
            name={chosen ? `${product.name} — ${chosen.name}` : product.name}
            variantId={chosen?.id ?? null}
            signedOut={
              chosen && (
                <AddToCartButton
                  itemType="product"
                  itemId={product.id}
                  name={product.name}
                  variant={chosen}
                  disabledReason={t('variants.soldOut')}
                />
              )
            }
          >
            <AddToCartButton itemType="product" itemId={product.id} name={product.name} variant={chosen} />
          </ProductWaitlist>
        )
      }
      url={`${origin}/product/${product.shortId}`}
    />
  );
}
