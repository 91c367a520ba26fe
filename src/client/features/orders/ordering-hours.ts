import { useTranslation } from 'react-i18next';
import { isolate } from '../../../shared/bidi';
import type { OpeningInterval } from '../../../shared/firms';
import { nextOpening, orderingOpenAt, wallClock } from '../../../shared/opening-hours';
import { useFormatters } from '../../lib/use-dates';
import { weekdayName } from '../../lib/wall-times';
import { useServingNow } from '../../lib/serving-now';

const DAY = 86_400_000;

/**
 * Why a firm's dishes cannot be ordered now, or null while they can: "Closed now — ordering opens
 * tomorrow at 08:00", read on the firm's wall clock (`timeZone`) and written in the viewer's language
 * and clock. A firm without hours takes orders at any time. The page looks again at each opening and
 * closing while it stays open, from `renderedAt` (when the hours were read) until it hydrates, as a
 * menu's serving hours do.
 */
export function useOrderingClosed(hours: readonly OpeningInterval[], timeZone: string, renderedAt: number): string | null {
  const { t } = useTranslation('firm');
  const f = useFormatters();
  const now = useServingNow(
    hours.map((interval) => ({ days: [interval.day], from: interval.open, to: interval.close })),
    timeZone,
    renderedAt,
  );
  const opens = orderingOpenAt(hours, timeZone, now) ? null : nextOpening(hours, timeZone, now);
  if (!opens) return null;
  const time = isolate(f.time(opens, timeZone));
  const day = wallClock(opens, timeZone).day;
  const daysAhead = (day - wallClock(now, timeZone).day + 7) % 7;
  const within = opens.getTime() - now.getTime();
  if (daysAhead === 0 && within < DAY) return t('ordering.opensToday', { time });
  if (daysAhead === 1 && within < 2 * DAY) return t('ordering.opensTomorrow', { time });
  return t('ordering.opensOn', { day: isolate(weekdayName(day, f.prefs.language)), time });
}
