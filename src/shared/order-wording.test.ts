import { describe, expect, it } from 'vitest';
import { orderContents } from './order-wording';

describe('orderContents', () => {
  it('calls a cart of products or dishes a shop order', () => {
    expect(orderContents(['product'])).toBe('shop');
    expect(orderContents(['menu_item', 'product'])).toBe('shop');
  });
  it('calls tickets, with or without add-ons, a ticket order', () => {
    expect(orderContents(['ticket'])).toBe('tickets');
    expect(orderContents(['ticket', 'addon'])).toBe('tickets');
  });
  it('calls tickets and goods together a mixed order', () => {
    expect(orderContents(['ticket', 'product'])).toBe('mixed');
  });
  it('reads an order whose lines the reader may not see (a friend holding a ticket) as tickets', () => {
    expect(orderContents([])).toBe('tickets');
  });
});
