import { describe, expect, it } from 'vitest';
import { isServingAt, nextServingChange } from './menu-hours';
import { parseServingHours, servingHoursInputSchema } from './menu-hours-schema';

const breakfast = { days: [1, 2, 3, 4, 5], from: '08:00', to: '11:00' };
const late = { days: [5], from: '22:00', to: '02:00' };

describe('menu serving hours', () => {
  it('is always served without hours', () => {
    expect(isServingAt(null, 'Europe/Paris', new Date('2026-06-10T03:00:00Z'))).toBe(true);
    expect(nextServingChange([null], 'Europe/Paris', new Date('2026-06-10T03:00:00Z'))).toBeNull();
  });

  it("reads the firm's wall clock whatever the viewer's zone", () => {
    // Wednesday 2026-06-10 07:30 UTC: 09:30 in Paris (summer, UTC+2), 02:30 in Chicago
    const at = new Date('2026-06-10T07:30:00Z');
    expect(isServingAt(breakfast, 'Europe/Paris', at)).toBe(true);
    expect(isServingAt(breakfast, 'America/Chicago', at)).toBe(false);
    // 09:00 UTC is 11:00 in Paris: the end is not served
    expect(isServingAt(breakfast, 'Europe/Paris', new Date('2026-06-10T09:00:00Z'))).toBe(false);
    // Saturday morning in Paris: not one of its days
    expect(isServingAt(breakfast, 'Europe/Paris', new Date('2026-06-13T07:30:00Z'))).toBe(false);
  });

  it('runs past midnight on the day it starts', () => {
    // Friday 2026-06-12 23:00 Paris = 21:00 UTC; Saturday 01:30 Paris = Friday 23:30 UTC
    expect(isServingAt(late, 'Europe/Paris', new Date('2026-06-12T21:00:00Z'))).toBe(true);
    expect(isServingAt(late, 'Europe/Paris', new Date('2026-06-12T23:30:00Z'))).toBe(true);
    expect(isServingAt(late, 'Europe/Paris', new Date('2026-06-13T00:00:00Z'))).toBe(false);
    // Thursday night is not Friday's
    expect(isServingAt(late, 'Europe/Paris', new Date('2026-06-11T21:00:00Z'))).toBe(false);
  });

  it("names the next instant the firm's wall clock reaches a start or an end", () => {
    // 09:30 in Paris: breakfast ends at 11:00 Paris, 09:00 UTC
    expect(nextServingChange([breakfast, null], 'Europe/Paris', new Date('2026-06-10T07:30:20Z'))).toEqual(
      new Date('2026-06-10T09:00:00Z'),
    );
    // 23:00 Paris: the late menu ends at 02:00, before breakfast's 08:00
    expect(nextServingChange([breakfast, late], 'Europe/Paris', new Date('2026-06-12T21:00:00Z'))).toEqual(
      new Date('2026-06-13T00:00:00Z'),
    );
  });

  it('keeps to the wall clock across a change of summer time', () => {
    // Saturday 2026-03-28 12:00 Paris (UTC+1); Sunday 08:00 is after the change to UTC+2: 06:00 UTC
    expect(nextServingChange([breakfast], 'Europe/Paris', new Date('2026-03-28T11:00:00Z'))).toEqual(new Date('2026-03-29T06:00:00Z'));
  });

  it('refuses hours without a day or with a time that is not one', () => {
    expect(servingHoursInputSchema.safeParse({ days: [], from: '08:00', to: '11:00' }).success).toBe(false);
    expect(servingHoursInputSchema.safeParse({ days: [1], from: '24:00', to: '11:00' }).success).toBe(false);
    expect(servingHoursInputSchema.parse({ days: [5, 1, 5], from: '08:00', to: '11:00' }).days).toEqual([1, 5]);
  });

  it('reads what is stored leniently', () => {
    expect(parseServingHours(JSON.stringify(breakfast))).toEqual(breakfast);
    expect(parseServingHours('not json')).toBeNull();
    expect(parseServingHours(null)).toBeNull();
  });
});
