import type { AppDeps } from '../../app-deps';
import type { KitchenDish, KitchenDishes } from '../../../shared/kitchen';
import { publishMenuAvailability } from '../menus/menu-live';
import { createOwnerMenuService } from '../owner-menus/owner-menus.service';

/**
 * The dishes of the firm's menus as the cooks see them, and taking one off ("86") or putting it
 * back from the board. The menu item's own `available` is the one switch: the public menu, the
 * cart and checkout already refuse an unavailable dish, and the owner's menu editor shows it.
 */
export function createKitchenDishes(deps: Pick<AppDeps, 'db' | 'clock' | 'realtime'>) {
  const { db } = deps;
  const menus = createOwnerMenuService(db, deps.clock);

  function dishQuery(firmId: string) {
    return db
      .selectFrom('menu_items as i')
      .innerJoin('menus as m', 'm.id', 'i.menu_id')
      .leftJoin('menu_sections as s', 's.id', 'i.section_id')
      .select(['i.id', 'i.name', 'm.name as menuName', 's.name as sectionName', 'i.available'])
      .where('i.firm_id', '=', firmId);
  }
  const toDish = (row: { id: string; name: string; menuName: string; sectionName: string | null; available: number }): KitchenDish => ({
    ...row,
    available: row.available === 1,
  });

  /** In the menus' order, as a guest reads them. */
  async function dishes(firmId: string): Promise<KitchenDishes> {
    const rows = await dishQuery(firmId).orderBy('m.sort').orderBy('s.sort').orderBy('i.sort').orderBy('i.name').execute();
    return { dishes: rows.map(toDish) };
  }

  async function setAvailable(firmId: string, itemId: string, available: boolean): Promise<KitchenDish> {
    await menus.setAvailability(firmId, itemId, available);
    await publishMenuAvailability(deps, { firmId, itemId, available });
    return toDish(await dishQuery(firmId).where('i.id', '=', itemId).executeTakeFirstOrThrow());
  }

  return { dishes, setAvailable };
}
