import { z } from 'zod';

/**
 * The kitchen display (/api/dashboard/kitchen, /workspace/kitchen): a paid order with dishes or
 * drinks opens one ticket per station its menu sections belong to. A ticket moves received →
 * preparing → ready → served, one step at a time, and may be recalled one step from ready or
 * served (a dish bumped by mistake). The buyer sees the least advanced of their order's tickets.
 */
export const KITCHEN_STATUSES = ['received', 'preparing', 'ready', 'served'] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

/** Where a menu section's dishes are made; every section starts in the kitchen. */
export const KITCHEN_STATIONS = ['kitchen', 'bar', 'grill', 'pastry', 'cold'] as const;
export type KitchenStation = (typeof KITCHEN_STATIONS)[number];
export const DEFAULT_STATION: KitchenStation = 'kitchen';

/** The step a bump moves to, and the one a recall moves back to (null: no such step). */
export function nextKitchenStatus(status: KitchenStatus): KitchenStatus | null {
  return KITCHEN_STATUSES[KITCHEN_STATUSES.indexOf(status) + 1] ?? null;
}
export function previousKitchenStatus(status: KitchenStatus): KitchenStatus | null {
  return status === 'ready' || status === 'served' ? KITCHEN_STATUSES[KITCHEN_STATUSES.indexOf(status) - 1] : null;
}

/** An order's status for its buyer: its least advanced ticket; null when it has no dish at all. */
export function orderKitchenStatus(statuses: readonly KitchenStatus[]): KitchenStatus | null {
  if (!statuses.length) return null;
  const least = Math.min(...statuses.map((s) => KITCHEN_STATUSES.indexOf(s)));
  // one station still waiting while another has started: the order is being prepared
  if (least === 0 && statuses.some((s) => s !== 'received')) return 'preparing';
  return KITCHEN_STATUSES[least];
}

/** The longest a firm may let a ticket wait before its timer turns red (minutes): four hours. */
export const KITCHEN_TIMER_MAX_MINUTES = 240;

/** The ages (minutes since a ticket was placed) at which its timer turns amber, then red. */
export const kitchenTimersSchema = z.object({ amber: z.number().int(), red: z.number().int() });
export type KitchenTimers = z.infer<typeof kitchenTimersSchema>;

/** What a firm may set: amber from the first minute, red later than amber and within four hours. */
export const kitchenTimersInputSchema = z
  .object({
    amber: z
      .number()
      .int()
      .min(1, 'validation.timerAmber')
      .max(KITCHEN_TIMER_MAX_MINUTES - 1, 'validation.timerAmber'),
    red: z.number().int().max(KITCHEN_TIMER_MAX_MINUTES, 'validation.timerRed'),
  })
  .refine(({ amber, red }) => red > amber, { message: 'validation.timerRed', path: ['red'] });

export const kitchenBoardQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  /** none: every station */
  station: z.enum(KITCHEN_STATIONS).optional(),
});

export const kitchenItemSchema = z.object({
  label: z.string(),
  quantity: z.number().int(),
  /** the size or variant chosen, when the dish has one */
  options: z.array(z.string()),
});

export const kitchenTicketSchema = z.object({
  id: z.string(),
  reference: z.string(),
  station: z.enum(KITCHEN_STATIONS),
  status: z.enum(KITCHEN_STATUSES),
  /** when the order was paid: the timer counts from here */
  placedAt: z.string(),
  /** the buyer's note for the kitchen */
  note: z.string().nullable(),
  /** the table it goes to ("Table 7"), when ordered from a table's code */
  table: z.string().nullable(),
  /** not paid yet: the guest pays at the counter */
  payAtCounter: z.boolean(),
  items: z.array(kitchenItemSchema),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

export const kitchenBoardSchema = z.object({
  /** received, preparing and ready tickets, oldest first (the newest at the end of the line) */
  tickets: z.array(kitchenTicketSchema),
  /** the last few served, newest first: what a recall can bring back */
  served: z.array(kitchenTicketSchema),
  /** every dish still to make (received or preparing) with how many, most first */
  allDay: z.array(z.object({ label: z.string(), quantity: z.number().int() })),
  /** the stations the firm's menu sections use, for the filter */
  stations: z.array(z.enum(KITCHEN_STATIONS)),
  /** when the timers turn amber and red, as the firm set them */
  timers: kitchenTimersSchema,
});
export type KitchenBoard = z.infer<typeof kitchenBoardSchema>;

/**
 * A bump or a recall names the step the tablet saw: of two tablets moving the same ticket at once,
 * the second finds it moved already and is refused, so the ticket moves once.
 */
export const kitchenMoveSchema = z.object({ from: z.enum(KITCHEN_STATUSES) });

export const kitchenStationInputSchema = z.object({ station: z.enum(KITCHEN_STATIONS) });

/** Whether guests may order the menu's dishes (the cart), when the timers change colour, and which station each menu section's dishes go to. */
export const kitchenSetupSchema = z.object({
  takesOrders: z.boolean(),
  timers: kitchenTimersSchema,
  sections: z.array(z.object({ id: z.string(), menuName: z.string(), name: z.string().nullable(), station: z.enum(KITCHEN_STATIONS) })),
});
export type KitchenSetup = z.infer<typeof kitchenSetupSchema>;

export const kitchenOrderingInputSchema = z.object({ takesOrders: z.boolean() });

/**
 * A dish of the firm's menus as the kitchen sees it: whether guests may order it now. The cooks
 * take one off (it is "86ed": run out, or the oven broke) and put it back from the board; the
 * public menu and the cart follow at once.
 */
export const kitchenDishSchema = z.object({
  id: z.string(),
  name: z.string(),
  menuName: z.string(),
  sectionName: z.string().nullable(),
  available: z.boolean(),
});
export type KitchenDish = z.infer<typeof kitchenDishSchema>;
export const kitchenDishesSchema = z.object({ dishes: z.array(kitchenDishSchema) });
export type KitchenDishes = z.infer<typeof kitchenDishesSchema>;
