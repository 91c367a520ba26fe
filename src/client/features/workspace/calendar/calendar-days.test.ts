import { describe, expect, it } from 'vitest';
import { addMonths, keyMove, periodOf, weekStart } from './calendar-days';

describe('the calendar days', () => {
  it('starts weeks on Monday and a month grid on the Monday before the first', () => {
    expect(weekStart('2027-03-28')).toBe('2027-03-22');
    expect(weekStart('2027-03-22')).toBe('2027-03-22');
    expect(periodOf('month', '2027-03-28')).toEqual({ first: '2027-03-01', days: 42 });
    expect(periodOf('month', '2026-11-29')).toEqual({ first: '2026-10-26', days: 42 });
    expect(periodOf('week', '2027-03-28')).toEqual({ first: '2027-03-22', days: 7 });
  });

  it('keeps the day of the month when stepping months, or takes the last day of a shorter one', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('moves by arrows, mirrored in right-to-left, by periods with Page keys, to the week ends with Home and End', () => {
    expect(keyMove('ArrowRight', 'month', '2027-03-28', false)).toBe('2027-03-29');
    expect(keyMove('ArrowRight', 'month', '2027-03-28', true)).toBe('2027-03-27');
    expect(keyMove('ArrowDown', 'month', '2027-03-28', false)).toBe('2027-04-04');
    expect(keyMove('PageDown', 'month', '2027-03-28', false)).toBe('2027-04-28');
    expect(keyMove('PageUp', 'week', '2027-03-28', false)).toBe('2027-03-21');
    expect(keyMove('Home', 'week', '2027-03-28', false)).toBe('2027-03-22');
    expect(keyMove('End', 'week', '2027-03-22', false)).toBe('2027-03-28');
    expect(keyMove('Enter', 'month', '2027-03-28', false)).toBe('open');
    expect(keyMove('a', 'month', '2027-03-28', false)).toBeNull();
  });
});
