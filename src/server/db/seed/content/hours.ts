/** Opening hours: [{day: 0-6 (0 = Sunday), open: "HH:mm", close: "HH:mm"}]; a close before the open runs past midnight. */
export interface OpeningSlot {
  day: number;
  open: string;
  close: string;
}

function on(days: number[], open: string, close: string): OpeningSlot[] {
  return days.map((day) => ({ day, open, close }));
}

function merge(...parts: OpeningSlot[][]): OpeningSlot[] {
  return parts.flat().sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
}

const MON_FRI = [1, 2, 3, 4, 5];
const MON_SAT = [1, 2, 3, 4, 5, 6];
const TUE_SAT = [2, 3, 4, 5, 6];
const TUE_SUN = [0, 2, 3, 4, 5, 6];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

export const HOURS = {
  cafe: merge(on(MON_SAT, '07:30', '18:00'), on([0], '09:00', '14:00')),
  lateCafe: on(EVERY_DAY, '08:00', '23:30'),
  restaurant: merge(on(TUE_SUN, '12:00', '14:30'), on(TUE_SUN, '19:00', '23:00')),
  dinner: merge(on(TUE_SAT, '18:30', '23:30'), on([0], '12:00', '16:00')),
  bakery: on(TUE_SUN, '06:30', '19:30'),
  bar: merge(on(TUE_SAT, '17:00', '01:00'), on([0], '16:00', '23:00')),
  shop: on(MON_SAT, '10:00', '19:00'),
  shopSunday: merge(on(MON_SAT, '10:00', '20:00'), on([0], '11:00', '17:00')),
  office: on(MON_FRI, '09:00', '18:00'),
  salon: merge(on(TUE_SAT, '09:00', '19:00'), on([4], '19:00', '21:00')),
  gulf: merge(on([0, 1, 2, 3, 4, 6], '09:00', '22:00'), on([5], '16:00', '23:00')),
  gulfOffice: on([0, 1, 2, 3, 4], '08:30', '17:30'),
  venue: on([0, 3, 4, 5, 6], '19:00', '02:00'),
  theatre: merge(on([2, 3, 4, 5, 6], '13:00', '22:30'), on([0], '14:00', '19:00')),
  coworking: merge(on(MON_FRI, '07:00', '22:00'), on([6], '10:00', '18:00')),
  studio: merge(on(MON_FRI, '06:30', '21:00'), on([0, 6], '08:00', '13:00')),
  market: on([0, 6], '09:00', '17:00'),
} satisfies Record<string, OpeningSlot[]>;

export type HoursKey = keyof typeof HOURS;
