import { describe, expect, it } from 'vitest';
import { ticketArrivals } from './new-tickets';

const board = (tickets: string[], served: string[] = []) => ({
  tickets: tickets.map((id) => ({ id })),
  served: served.map((id) => ({ id })),
});

describe('new tickets on the kitchen board', () => {
  it('finds none on the first load, however many tickets are open', () => {
    expect(ticketArrivals(null, board(['a', 'b'], ['c'])).arrived).toEqual([]);
  });

  it('finds the tickets it never showed, once', () => {
    const first = ticketArrivals(null, board(['a']));
    const second = ticketArrivals(first.shown, board(['a', 'b', 'c']));
    expect(second.arrived).toEqual(['b', 'c']);
    expect(ticketArrivals(second.shown, board(['a', 'b', 'c'])).arrived).toEqual([]);
  });

  it('a refetch, a bump to served, or a recall of a served ticket is nothing new', () => {
    const first = ticketArrivals(null, board(['a', 'b'], ['s']));
    const bumped = ticketArrivals(first.shown, board(['b'], ['a', 's']));
    expect(bumped.arrived).toEqual([]);
    expect(ticketArrivals(bumped.shown, board(['a', 'b', 's'])).arrived).toEqual([]);
  });
});
