import { z } from 'zod';
import { imageFieldsSchema } from './image-fields';
import { servingHoursSchema } from './menu-hours-schema';
import { openingIntervalSchema } from './firms';

export const menuItemSchema = imageFieldsSchema.extend({
  id: z.string(),
  shortId: z.string(),
  menuId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** dietary and allergen tags, e.g. vegan, gluten-free, contains-nuts */
  tags: z.array(z.string()),
  available: z.boolean(),
  /** for the firm's approved followers (and team) alone: shown with a "Followers only" marker */
  followersOnly: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSectionSchema = z.object({
  id: z.string(),
  /** null: the menu's unnamed section, shown without a heading */
  name: z.string().nullable(),
  items: z.array(menuItemSchema),
});
export type MenuSection = z.infer<typeof menuSectionSchema>;

/** A published menu with its sections that hold items (empty sections left out). */
export const menuSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  firmId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /**
   * when it is served, on the firm's wall clock (null: always). Sent whole rather than "served
   * now": the page decides with the firm's clock, so no cached answer has to end at a change.
   */
  servingHours: servingHoursSchema.nullable(),
  sections: z.array(menuSectionSchema),
});
export type Menu = z.infer<typeof menuSchema>;
export const menusSchema = z.array(menuSchema);

export const menuItemDetailSchema = menuItemSchema.extend({
  firmId: z.string(),
  firmName: z.string(),
  firmUsername: z.string(),
  firmImagePath: z.string().nullable(),
  menuName: z.string(),
  /** its menu's serving hours (null: always), read on the firm's clock `firmTimezone` */
  menuServingHours: servingHoursSchema.nullable(),
  firmTimezone: z.string(),
  /** the firm's week on that clock: the dish is ordered while it is open (src/shared/opening-hours.ts orderingOpenAt) */
  firmOpeningHours: z.array(openingIntervalSchema),
  /** the firm takes orders: the dish can go into a cart */
  firmTakesOrders: z.boolean(),
});
export type MenuItemDetail = z.infer<typeof menuItemDetailSchema>;
