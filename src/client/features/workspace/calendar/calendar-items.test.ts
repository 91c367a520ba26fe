import { describe, expect, it } from 'vitest';
import type { FirmCalendar } from '../../../../shared/firm-calendar';
import { itemsByDay } from './calendar-items';

const calendar = (closures: FirmCalendar['closures']): FirmCalendar => ({
  timeZone: 'Europe/Paris',
  openingHours: [],
  events: [],
  bookings: [],
  closures,
});

describe('closures on the calendar', () => {
  it('puts a closure of whole days on each of its days, without hours, across the change of the clocks', () => {
    // Saturday 24 and Sunday 25 October 2026 in Paris; the clocks go back on the Sunday
    const days = itemsByDay(
      calendar([
        { id: 'c', startsAt: '2026-10-23T22:00:00.000Z', endsAt: '2026-10-25T23:00:00.000Z', reason: 'Holiday', reasonPublic: false },
      ]),
      'Closed',
    );
    expect([...days.keys()]).toEqual(['2026-10-24', '2026-10-25']);
    expect(days.get('2026-10-25')).toEqual([expect.objectContaining({ kind: 'closure', title: 'Closed · Holiday', allDay: true })]);
  });

  it('shows a blocked time with its hours on its day only', () => {
    const days = itemsByDay(
      calendar([{ id: 'c', startsAt: '2026-12-12T17:00:00.000Z', endsAt: '2026-12-12T19:00:00.000Z', reason: null, reasonPublic: false }]),
      'Closed',
    );
    expect([...days.keys()]).toEqual(['2026-12-12']);
    expect(days.get('2026-12-12')).toEqual([expect.objectContaining({ title: 'Closed', allDay: false })]);
  });
});
