import type { HoursKey, OpeningSlot } from './hours';

export type Lang = 'en' | 'ar' | 'fr';

export interface MenuItemSeed {
  name: string;
  description: string;
  /** major units, e.g. 4.5 = 4.50 */
  price: number;
  tags?: string[];
  /** no picture for this item */
  noImage?: boolean;
  unavailable?: boolean;
}

export interface MenuSeed {
  name: string;
  description?: string;
  items: MenuItemSeed[];
}

export interface ProductSeed {
  name: string;
  description: string;
  /** major units */
  price: number;
  stock: number;
}

export interface FirmSeed {
  username: string;
  name: string;
  description: string;
  category: string;
  language: Lang;
  address: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  lat: number;
  lng: number;
  phone: string;
  timezone: string;
  /** hours from UTC in the season of the demo, for placing events at local evening times */
  utcOffset: number;
  currency: string;
  minAge?: number;
  hours: HoursKey | OpeningSlot[];
  /** no website of their own */
  noWebsite?: boolean;
  /** takes orders of its menu items online (cart and checkout) */
  takesOrders?: boolean;
  menus?: MenuSeed[];
  products?: ProductSeed[];
}
