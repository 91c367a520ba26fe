import { ENTITY_TYPE } from '../../../shared/entity-types';
import type { PageKind } from '../../../shared/page-views';

/** The table each kind of item page shows, and the type code its saves carry. */
export const ITEM_TABLES = {
  dish: { table: 'menu_items', type: ENTITY_TYPE.MENU_ITEM },
  product: { table: 'products', type: ENTITY_TYPE.PRODUCT },
  event: { table: 'events', type: ENTITY_TYPE.EVENT },
  post: { table: 'blog_posts', type: ENTITY_TYPE.BLOG },
} as const satisfies Record<Exclude<PageKind, 'firm'>, { table: string; type: number }>;

export type ItemKind = keyof typeof ITEM_TABLES;
export const ITEM_KINDS = Object.keys(ITEM_TABLES) as ItemKind[];
