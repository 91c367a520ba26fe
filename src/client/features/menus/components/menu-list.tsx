import { FollowersOnlyMark } from '../../../components/ui/followers-only-mark';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Menu, MenuItem } from '../../../../shared/menus';
import { isServingAt } from '../../../../shared/menu-hours';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useFormatters } from '../../../lib/use-dates';
import { menusQuery } from '../api/get-menus';
import { useMenuLive } from '../api/use-menu-live';
import { tagLabel } from '../dietary';
import { useServedLine } from '../serving';
import { useServingNow } from '../../../lib/serving-now';
import { Link } from '@tanstack/react-router';
import styles from './menus.module.css';

/** What the page puts beside and under each dish. */
interface ItemSlots {
  renderSave?: (item: MenuItem) => ReactNode;
  /** under an item: what the page offers for it (add to cart, where the firm takes orders) */
  renderAction?: (item: MenuItem) => ReactNode;
}

/**
 * A firm's menus → sections → items: each with description, dietary/allergen tags and the price in
 * the item's currency. A dish the kitchen takes off shows unavailable at once, without a reload. A
 * menu outside its serving hours (on the firm's clock, `timeZone`) shows only when it is served, so
 * a guest knows when to come back; it comes and goes at its hours while the page is open.
 */
export function MenuList({ firmId, timeZone, renderSave, renderAction }: ItemSlots & { firmId: string; timeZone: string }) {
  const { t } = useTranslation('firm');
  const { data: menus, dataUpdatedAt } = useQuery(menusQuery(firmId));
  useMenuLive(firmId);
  const now = useServingNow(menus?.map((menu) => menu.servingHours) ?? [], timeZone, dataUpdatedAt);
  const servedLine = useServedLine(t);
  if (!menus) return null;
  if (menus.length === 0) return <p className={styles.empty}>{t('noMenu')}</p>;
  const later = menus.filter((menu) => !isServingAt(menu.servingHours, timeZone, now));
  return (
    <div className={styles.menus} data-testid="menu-section">
      {menus
        .filter((menu) => !later.includes(menu))
        .map((menu) => (
          <ServedMenu key={menu.id} menu={menu} renderSave={renderSave} renderAction={renderAction} />
        ))}
      {later.length > 0 && (
        <ul className={styles.later} aria-label={t('menuHours.later')}>
          {later.map((menu) => (
            <li key={menu.id} data-testid="menu-later">
              {servedLine(menu.name, menu.servingHours!)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One menu served now, with its dishes. */
function ServedMenu({ menu, renderSave, renderAction }: ItemSlots & { menu: Menu }) {
  const { t } = useTranslation('firm');
  const money = useFormatters().money;
  return (
    <section className={styles.menu} aria-labelledby={`menu-${menu.id}`}>
      <h3 dir="auto" id={`menu-${menu.id}`} className={styles.menuName}>
        {menu.name}
      </h3>
      {menu.description && (
        <p dir="auto" className={styles.menuDescription}>
          {menu.description}
        </p>
      )}
      {menu.sections.map((section) => {
        // an unnamed section's items sit right under the menu's heading; a named one's under its own
        const ItemHeading = section.name ? 'h5' : 'h4';
        return (
          <div key={section.id} className={styles.section}>
            {section.name && (
              <h4 dir="auto" className={styles.sectionName}>
                {section.name}
              </h4>
            )}
            <ul className={styles.items}>
              {section.items.map((item) => (
                <li key={item.id} className={[styles.item, !item.available && styles.unavailable].filter(Boolean).join(' ')}>
                  {item.imagePath && (
                    <ResponsiveImage
                      path={item.imagePath}
                      alt=""
                      width={item.imageWidth}
                      height={item.imageHeight}
                      color={item.imageColor}
                      size="small"
                      aspect="1 / 1"
                      className={styles.thumb}
                      sizes="88px"
                    />
                  )}
                  <div className={styles.itemBody}>
                    <div className={styles.itemHead}>
                      <ItemHeading dir="auto" className={styles.itemName}>
                        <Link to="/dish/$shortId" params={{ shortId: item.shortId }} className={styles.itemLink}>
                          {item.name}
                        </Link>
                      </ItemHeading>
                      <span className={styles.price}>{money(item.priceMinor, item.currency)}</span>
                    </div>
                    <FollowersOnlyMark shown={item.followersOnly} />
                    {item.description && (
                      <p dir="auto" className={styles.itemDescription}>
                        {item.description}
                      </p>
                    )}
                    {(item.tags.length > 0 || !item.available) && (
                      <ul className={styles.tags} aria-label={t('dietary')}>
                        {!item.available && <li className={styles.soldOut}>{t('unavailable')}</li>}
                        {item.tags.map((tag) => (
                          <li key={tag} className={tag.startsWith('contains') ? styles.allergen : styles.tag}>
                            {tagLabel(tag, t)}
                          </li>
                        ))}
                      </ul>
                    )}
                    {renderAction && item.available && renderAction(item)}
                  </div>
                  {renderSave && <div className={styles.itemSave}>{renderSave(item)}</div>}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
