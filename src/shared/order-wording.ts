/**
 * What an order holds, for the words that confirm it: tickets only ("your tickets are ready"),
 * goods only (a shop or the kitchen: "your order is confirmed", where and when to collect), or
 * both. Decided by its lines' kinds, never by the order's kind alone: an add-on is part of a ticket.
 */
export type OrderContents = 'tickets' | 'shop' | 'mixed';

const GOODS = new Set(['product', 'menu_item']);

export function orderContents(lineKinds: readonly string[]): OrderContents {
  const goods = lineKinds.some((kind) => GOODS.has(kind));
  const tickets = lineKinds.includes('ticket');
  if (goods && tickets) return 'mixed';
  return goods ? 'shop' : 'tickets';
}
