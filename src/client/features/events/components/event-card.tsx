import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { EventCard as EventCardData } from '../../../../shared/events';
import { pickName } from '../../../../shared/i18n';
import { CardImage } from '../../../components/ui/card-image';
import { FollowersOnlyMark } from '../../../components/ui/followers-only-mark';
import { useFormatters } from '../../../lib/use-dates';
import card from '../../../components/ui/card.module.css';
import styles from './events.module.css';

/**
 * An event card: image with the date badge, name, firm, type and the lowest price. The name is an
 * <h3> under a section heading, an <h2> where the cards sit right under the page's <h1>.
 */
export function EventCard({
  event,
  showFirm = true,
  saveSlot,
  headingLevel = 3,
  priority = false,
}: {
  event: EventCardData;
  showFirm?: boolean;
  saveSlot?: ReactNode;
  headingLevel?: 2 | 3;
  /** the page's main picture: loaded at once */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('event');
  const f = useFormatters();
  const badge = f.dayAndMonth(event.startDateTime, event.timezone);
  return (
    <article className={`${card.card} ${card.lift}`}>
      <Link to="/event/$shortId" params={{ shortId: event.shortId }} className={card.link}>
        <div className={styles.cardMedia}>
          <CardImage image={event} priority={priority} />
          <time className={styles.dateBadge} dateTime={event.startDateTime}>
            <span className={styles.badgeDay}>{badge.day}</span>
            <span className={styles.badgeMonth}>{badge.month}</span>
          </time>
        </div>
        <div className={card.body}>
          <p className={styles.cardType}>{pickName(event.type.names, i18n.language)}</p>
          <FollowersOnlyMark shown={event.followersOnly} />
          <Heading dir="auto" className={styles.cardTitle}>
            {event.name}
          </Heading>
          <p className={styles.cardMeta}>
            {f.date(event.startDateTime, event.timezone, 'medium', false)} · {f.time(event.startDateTime, event.timezone)}{' '}
            <span className={styles.zone}>{f.zone(event.startDateTime, event.timezone)}</span>
          </p>
          <p className={styles.cardFoot}>
            {showFirm && <span className={styles.cardFirm}>{event.firmName}</span>}
            {event.priceFrom !== null && (
              <span className={styles.cardPrice}>{t('from', { price: f.money(event.priceFrom, event.currency) })}</span>
            )}
          </p>
        </div>
      </Link>
      {saveSlot && <div className={card.corner}>{saveSlot}</div>}
    </article>
  );
}
