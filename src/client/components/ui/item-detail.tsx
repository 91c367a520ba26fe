import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Share2 } from 'lucide-react';
import { share } from '../../lib/share';
import { usePageTitle } from '../../lib/page-head';
import { FirmHeader } from './firm-header';
import { FollowersOnlyMark } from './followers-only-mark';
import { IconButton } from './icon-button';
import { ZoomImage } from './zoom-image';
import { HERO_SIZES } from './hero-sizes';
import card from './card.module.css';
import { useEarlyTap } from '../../lib/early-tap';
import styles from './item-detail.module.css';

export interface ItemDetailProps {
  /** what it is, above the name: "Shop", or the dish's menu */
  kicker: string;
  name: string;
  description: string | null;
  /** formatted, isolated (useFormatters().money) */
  price: string;
  /** the price before a reduction, formatted: struck through beside the price */
  wasPrice?: string;
  /** "Only 3 left": under the price, when few are left */
  stockHint?: string;
  /** "Out of stock", "Not available today": shown instead of the purchase slot's offer */
  unavailable?: string;
  image: { imagePath: string | null; imageWidth?: number | null; imageHeight?: number | null; imageColor?: string | null };
  firm: { username: string; name: string; imagePath: string | null };
  /** what the visitor chooses before the price (a product's sizes or colours) */
  choices?: ReactNode;
  /** labelled chips: a dish's diet and allergens */
  facts?: { label: string; items: { text: string; warning?: boolean }[] };
  /** the saved toggle (from the saved feature) */
  saveSlot?: ReactNode;
  /**
   * Where buying goes: the cart's "Add to cart" (tickets issue) plugs in here. Nothing is drawn
   * without it: no button that does nothing.
   */
  purchaseSlot?: ReactNode;
  /** the page's public address, shared by the Share button */
  url: string;
  /** kept by the firm for its approved followers: marked so they know it is exclusive */
  followersOnly: boolean;
}

/** The page of one product or one dish: its firm, picture, name, price, description, diet and allergens. */
export function ItemDetail(props: ItemDetailProps) {
  const { t } = useTranslation();
  usePageTitle(props.name);
  const shareTap = useEarlyTap(`share:${props.url}`);
  return (
    <article className={styles.page} data-testid="item-detail">
      <FirmHeader username={props.firm.username} name={props.firm.name} imagePath={props.firm.imagePath} />
      <div className={styles.layout}>
        <div className={styles.media}>
          {props.image.imagePath ? (
            <ZoomImage image={props.image} alt={props.name} label={t('item.openImage')} sizes={HERO_SIZES.event} />
          ) : (
            <div className={styles.placeholder} aria-hidden="true">
              {props.name.slice(0, 1)}
            </div>
          )}
        </div>
        <div className={`${card.surface} ${styles.body}`}>
          <p className={styles.kicker}>{props.kicker}</p>
          <FollowersOnlyMark shown={props.followersOnly} />
          <div className={styles.titleRow}>
            <h1 dir="auto" className={styles.name}>
              {props.name}
            </h1>
            <div className={styles.actions}>
              {props.saveSlot}
              <IconButton
                {...shareTap}
                label={t('item.share')}
                onClick={() => void share({ title: props.name, text: props.name, url: props.url })}
              >
                <Share2 size={20} aria-hidden="true" />
              </IconButton>
            </div>
          </div>
          {props.choices}
          <p className={styles.price} data-testid="item-price">
            {props.price}
            {props.wasPrice && (
              <s className={styles.was}>
                <span className="visually-hidden">{t('item.wasPrice')} </span>
                {props.wasPrice}
              </s>
            )}
            {props.unavailable && <span className={styles.unavailable}>{props.unavailable}</span>}
          </p>
          {props.stockHint && !props.unavailable && <p className={styles.stockHint}>{props.stockHint}</p>}
          {props.purchaseSlot && <div className={styles.purchase}>{props.purchaseSlot}</div>}
          {props.description && (
            <p dir="auto" className={styles.description}>
              {props.description}
            </p>
          )}
          {props.facts && props.facts.items.length > 0 && (
            <section aria-labelledby="item-facts">
              <h2 id="item-facts" className={styles.factsTitle}>
                {props.facts.label}
              </h2>
              <ul className={styles.chips}>
                {props.facts.items.map((item) => (
                  <li key={item.text} className={item.warning ? styles.warning : styles.chip}>
                    {item.text}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
