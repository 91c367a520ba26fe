import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TillCatalogue, TillItem } from '../../../../shared/till';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { useFormatters } from '../../../lib/use-dates';
import { itemKey, type TillCart } from './till-cart';
import styles from './till.module.css';

const ALL = 'all';

/** The items to tap: a search, the categories (menu sections, then the shop) and a tile per item. */
export function TillGrid({
  catalogue,
  cart,
  online,
  onAdd,
}: {
  catalogue: TillCatalogue;
  cart: TillCart;
  online: boolean;
  onAdd: (item: TillItem) => void;
}) {
  const { t } = useTranslation('workspace-till');
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState(ALL);
  const groupName = (g: TillCatalogue['groups'][number]) => g.name ?? t('shop');
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return catalogue.groups
      .filter((g) => group === ALL || g.key === group)
      .flatMap((g) => g.items)
      .filter((item) => !needle || item.name.toLocaleLowerCase().includes(needle));
  }, [catalogue.groups, group, query]);

  // how many of each item the sale holds, by the item's key: a tile reads its own count
  const inSale = useMemo(() => new Map(cart.lines.map((line) => [itemKey(line.item), line.quantity])), [cart.lines]);

  const allItems = catalogue.groups.flatMap((g) => g.items);
  if (!allItems.length) return <p className={styles.muted}>{t('noItems')}</p>;

  return (
    <section className={styles.grid} aria-labelledby="till-grid-search">
      <div className={styles.searchRow}>
        <label id="till-grid-search" htmlFor="till-search" className="visually-hidden">
          {t('search')}
        </label>
        <input
          id="till-search"
          type="search"
          className={styles.search}
          placeholder={t('search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {catalogue.groups.length > 1 && (
        <div className={styles.categories}>
          <PillTabs
            label={t('categories')}
            idPrefix="till-group"
            selected={group}
            onSelect={setGroup}
            tabs={[{ key: ALL, label: t('all') }, ...catalogue.groups.map((g) => ({ key: g.key, label: groupName(g) }))]}
          />
        </div>
      )}
      {shown.length === 0 ? (
        <p className={styles.muted}>{t('noMatch', { query: query.trim() })}</p>
      ) : (
        <ul className={styles.tiles} data-testid="till-items">
          {shown.map((item) => {
            const key = itemKey(item);
            return (
              <li key={key}>
                <TillTile item={item} inSale={inSale.get(key) ?? 0} currency={catalogue.currency} online={online} onAdd={onAdd} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * One item to tap. Drawn again only when its own count, the item or the connection changes: adding an
 * item redraws its tile and the sale, not the whole grid, which keeps the tap quick on a slow tablet.
 */
const TillTile = memo(function TillTile({
  item,
  inSale,
  currency,
  online,
  onAdd,
}: {
  item: TillItem;
  inSale: number;
  currency: string;
  online: boolean;
  onAdd: (item: TillItem) => void;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const left = item.left === null ? null : item.left - inSale;
  // online the server would refuse it; offline the goods on the shelf are what counts, but a seat is the server's
  const onlineOnly = item.kind === 'ticket' && !online;
  const blocked = !item.available || onlineOnly || (online && left !== null && left <= 0);
  const note = !item.available
    ? t('unavailable')
    : onlineOnly
      ? t('onlineOnly')
      : left !== null
        ? left <= 0
          ? t('soldOut')
          : t('left', { count: left })
        : null;
  // the tile's name is what it shows, after the verb: the words a speech user reads off it reach it
  return (
    <button type="button" className={styles.tile} disabled={blocked} onClick={() => onAdd(item)}>
      <span className="visually-hidden">{t('add')} </span>
      {/* the room kept for the count is at the page's inline end, whatever the direction of the name */}
      <span className={styles.tileName}>
        <bdi>{item.name}</bdi>
      </span>
      <span className={styles.tilePrice}>{format.money(item.priceMinor, currency)}</span>
      {note && <span className={styles.tileNote}>{note}</span>}
      {inSale > 0 && (
        <>
          <span className={styles.tileCount} aria-hidden="true">
            {inSale}
          </span>
          <span className="visually-hidden">{t('inSale', { count: inSale })}</span>
        </>
      )}
    </button>
  );
});
