import { describe, expect, it } from 'vitest';
import { slotStarts } from './booking-slots';

const everyDay = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));
const paris = (date: string, hours = everyDay('12:00', '14:00')) =>
  slotStarts({ date, timeZone: 'Europe/Paris', hours, slotMinutes: 60, turnMinutes: 60 }).map((at) => at.toISOString());

describe('slot starts in the firm’s time zone', () => {
  it('keeps noon in Paris at noon across the spring change (last Sunday of March)', () => {
    expect(paris('2026-03-28')).toEqual(['2026-03-28T11:00:00.000Z', '2026-03-28T12:00:00.000Z']);
    expect(paris('2026-03-29')).toEqual(['2026-03-29T10:00:00.000Z', '2026-03-29T11:00:00.000Z']);
  });

  it('keeps noon in Paris at noon across the autumn change (last Sunday of October)', () => {
    expect(paris('2026-10-24')).toEqual(['2026-10-24T10:00:00.000Z', '2026-10-24T11:00:00.000Z']);
    expect(paris('2026-10-25')).toEqual(['2026-10-25T11:00:00.000Z', '2026-10-25T12:00:00.000Z']);
  });

  it('offers no slot in the skipped hour and two in the repeated one', () => {
    const night = everyDay('01:00', '04:00');
    expect(paris('2026-03-29', night)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    expect(paris('2026-10-25', night)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('leaves out a start whose turn would run past closing', () => {
    const slots = slotStarts({
      date: '2026-03-28',
      timeZone: 'Europe/Paris',
      hours: everyDay('12:00', '14:00'),
      slotMinutes: 30,
      turnMinutes: 90,
    });
    expect(slots.map((at) => at.toISOString())).toEqual(['2026-03-28T11:00:00.000Z', '2026-03-28T11:30:00.000Z']);
  });
});
