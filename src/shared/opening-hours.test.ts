import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpening, orderingOpenAt } from './opening-hours';

const weekdays = (open: string, close: string) => [1, 2, 3, 4, 5].map((day) => ({ day, open, close }));

describe('ordering hours', () => {
  it('takes orders at any time without hours, though such a firm is not "open now"', () => {
    const at = new Date('2026-06-10T03:00:00Z');
    expect(isOpenAt([], 'Europe/Paris', at)).toBe(false);
    expect(orderingOpenAt([], 'Europe/Paris', at)).toBe(true);
    expect(nextOpening([], 'Europe/Paris', at)).toBeNull();
  });

  it("reads the firm's wall clock, not the viewer's", () => {
    // Wednesday 2026-06-10 06:30 UTC: 08:30 in Paris (UTC+2), 01:30 in Chicago
    const at = new Date('2026-06-10T06:30:00Z');
    expect(orderingOpenAt(weekdays('08:00', '18:00'), 'Europe/Paris', at)).toBe(true);
    expect(orderingOpenAt(weekdays('08:00', '18:00'), 'America/Chicago', at)).toBe(false);
    // Chicago opens at 08:00 its time, 13:00 UTC
    expect(nextOpening(weekdays('08:00', '18:00'), 'America/Chicago', at)).toEqual(new Date('2026-06-10T13:00:00Z'));
  });

  it('opens later the same day, or on the next day of its week, wrapping from Saturday to Monday', () => {
    // Wednesday 05:10 in Paris
    expect(nextOpening(weekdays('08:00', '18:00'), 'Europe/Paris', new Date('2026-06-10T03:10:42Z'))).toEqual(
      new Date('2026-06-10T06:00:00Z'),
    );
    // Wednesday 19:00 in Paris: Thursday 08:00
    expect(nextOpening(weekdays('08:00', '18:00'), 'Europe/Paris', new Date('2026-06-10T17:00:00Z'))).toEqual(
      new Date('2026-06-11T06:00:00Z'),
    );
    // Saturday noon in Paris: Monday 08:00
    expect(nextOpening(weekdays('08:00', '18:00'), 'Europe/Paris', new Date('2026-06-13T10:00:00Z'))).toEqual(
      new Date('2026-06-15T06:00:00Z'),
    );
    // closed the whole week but at its one hour of Monday, at 09:00 on that Monday: the Monday after
    expect(nextOpening([{ day: 1, open: '08:00', close: '09:00' }], 'Europe/Paris', new Date('2026-06-15T07:00:00Z'))).toEqual(
      new Date('2026-06-22T06:00:00Z'),
    );
  });

  it('keeps an interval past midnight open into the next day, and opens it on the day it starts', () => {
    const bar = [{ day: 5, open: '20:00', close: '02:00' }];
    // Saturday 01:30 in Paris: still Friday's night
    expect(orderingOpenAt(bar, 'Europe/Paris', new Date('2026-06-12T23:30:00Z'))).toBe(true);
    // Saturday 02:00: closed until next Friday 20:00
    const closed = new Date('2026-06-13T00:00:00Z');
    expect(orderingOpenAt(bar, 'Europe/Paris', closed)).toBe(false);
    expect(nextOpening(bar, 'Europe/Paris', closed)).toEqual(new Date('2026-06-19T18:00:00Z'));
  });

  it('counts across a change of summer time on the wall clock', () => {
    // Saturday 2026-03-28 20:00 in Paris (UTC+1); Sunday's clocks go to UTC+2: 09:00 Sunday is 07:00 UTC
    expect(nextOpening([{ day: 0, open: '09:00', close: '12:00' }], 'Europe/Paris', new Date('2026-03-28T19:00:00Z'))).toEqual(
      new Date('2026-03-29T07:00:00Z'),
    );
    // Saturday 2026-10-24 20:00 in Paris (UTC+2); Sunday's clocks go back to UTC+1: 09:00 Sunday is 08:00 UTC
    expect(nextOpening([{ day: 0, open: '09:00', close: '12:00' }], 'Europe/Paris', new Date('2026-10-24T18:00:00Z'))).toEqual(
      new Date('2026-10-25T08:00:00Z'),
    );
    // an opening at 02:30 the night the clock jumps from 02:00 to 03:00: open as the clock lands at 03:00
    expect(nextOpening([{ day: 0, open: '02:30', close: '06:00' }], 'Europe/Paris', new Date('2026-03-28T19:00:00Z'))).toEqual(
      new Date('2026-03-29T01:00:00Z'),
    );
  });
});
