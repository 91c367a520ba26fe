import { FollowersOnlyMark } from '../../../components/ui/followers-only-mark';
import { FirmHeader } from '../../../components/ui/firm-header';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarClock, CalendarPlus, MapPin, Share2, Tag, Ticket, Users, Wallet, ShieldAlert } from 'lucide-react';
import type { EventDetail as EventDetailData, TicketCategory } from '../../../../shared/events';
import { truncateText } from '../../../../shared/summary';
import { googleCalendarUrl } from '../../../../shared/calendar';
import { mapUrl } from '../../../../shared/map-url';
import { pickName } from '../../../../shared/i18n';
import { EVENT_DESCRIPTION_TRUNCATE } from '../../../../shared/limits';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import card from '../../../components/ui/card.module.css';
import { ZoomImage } from '../../../components/ui/zoom-image';
import { HERO_SIZES } from '../../../components/ui/hero-sizes';
import { requireLogin } from '../../../lib/login-popup';
import { usePageTitle } from '../../../lib/page-head';
import { useIsSignedIn } from '../../../lib/session';
import { share } from '../../../lib/share';
import { useFormatters } from '../../../lib/use-dates';
import { useEarlyTap } from '../../../lib/early-tap';
import styles from './events.module.css';

interface EventDetailProps {
  event: EventDetailData;
  saveSlot?: ReactNode;
  publicUrl: string;
  /** the purchase form for a tier (composed by the route, loaded only when someone buys) */
  purchase: (categoryId: string, close: () => void) => ReactNode;
  /** a tier whose purchase opens at once for a signed-in member (the link of a waitlist offer) */
  openTier?: string;
}

/**
 * Event detail page. 'Get Tickets' (signed in) replaces the tickets list with the
 * purchase form until Cancel; signed out, it asks to log in. With one tier there is no list, just
 * its price and the button. A sold-out tier's button opens its waitlist.
 */
export function EventDetail({ event, saveSlot, publicUrl, purchase, openTier }: EventDetailProps) {
  const { t, i18n } = useTranslation('event');
  const f = useFormatters();
  const signedIn = useIsSignedIn();
  const [expanded, setExpanded] = useState(false);
  const [conditions, setConditions] = useState<TicketCategory | null>(null);
  const [buying, setBuying] = useState<string | null>(null);
  // the session is known after the first render: the linked tier opens once it is, and only once
  const openedTier = useRef(false);
  useEffect(() => {
    if (openedTier.current || !signedIn || !openTier || !event.ticketCategories.some((c) => c.id === openTier)) return;
    openedTier.current = true;
    setBuying(openTier);
  }, [signedIn, openTier, event.ticketCategories]);
  usePageTitle(event.name);
  const shareTap = useEarlyTap(`share:event:${event.shortId}`);

  const description = truncateText(event.description, EVENT_DESCRIPTION_TRUNCATE);
  const longDate = f.date(event.startDateTime, event.timezone, 'long');
  const typeName = pickName(event.type.names, i18n.language);

  const onGetTickets = (categoryId: string) => {
    if (!signedIn) {
      requireLogin(t('loginForTickets'));
      return;
    }
    setBuying(categoryId);
  };
  const closePurchase = () => {
    setBuying(null);
    document.getElementById('tickets-title')?.scrollIntoView({ block: 'start' });
  };

  const ticketRow = (category: TicketCategory) => (
    <li key={category.id} className={`${card.surface} ${styles.ticket}`} data-testid="ticket-category">
      <div className={styles.ticketInfo}>
        <h3 className={styles.ticketName}>{category.name}</h3>
        <p className={styles.ticketPrice} dir="ltr">
          {f.money(category.price, event.currency)}
        </p>
        <button type="button" className={styles.linkButton} onClick={() => setConditions(category)}>
          {t('viewConditions')}
        </button>
      </div>
      <Button variant={category.available === 0 ? 'secondary' : 'primary'} onClick={() => onGetTickets(category.id)}>
        {category.available === 0 ? t('joinWaitlist') : t('getTickets')}
      </Button>
    </li>
  );

  return (
    <article className={styles.detail} data-testid="event-detail">
      <p className={styles.organiser}>
        <span className={styles.organiserLabel}>{t('organiser')}</span>
        <FirmHeader username={event.firmUsername} name={event.firmName} imagePath={event.firmImagePath} />
      </p>

      <FollowersOnlyMark shown={event.followersOnly} />
      <div className={styles.titleRow}>
        <h1 dir="auto" className={styles.title}>
          {event.name}
        </h1>
        <div className={styles.titleActions}>
          {saveSlot}
          <IconButton
            {...shareTap}
            label={t('share')}
            onClick={() =>
              void share({
                title: event.name,
                text: `${event.name} ${t('happeningOn')} ${longDate}`,
                url: `${publicUrl}/event/${event.shortId}`,
              })
            }
          >
            <Share2 size={20} aria-hidden="true" />
          </IconButton>
        </div>
      </div>

      <EventKeyFacts event={event} publicUrl={publicUrl} onConditions={setConditions} />

      <ZoomImage image={event} alt={event.name} label={t('openImage')} sizes={HERO_SIZES.event} />

      <ul className={`${card.surface} ${styles.facts}`}>
        <li>
          <Tag size={20} aria-hidden="true" />
          <Link to="/events/$category" params={{ category: event.type.key }} className={styles.typeLink}>
            {typeName}
          </Link>
        </li>
        <li>
          <Users size={20} aria-hidden="true" />
          <span>{t('capacity', { count: event.capacity })}</span>
        </li>
        <li>
          <Wallet size={20} aria-hidden="true" />
          <span>{t('currency', { currency: event.currency })}</span>
        </li>
        <li>
          <ShieldAlert size={20} aria-hidden="true" />
          <span>{event.ageLimit > 0 ? t('ageLimit', { age: event.ageLimit }) : t('allAges')}</span>
        </li>
      </ul>

      <section className={styles.description} aria-label={t('about')}>
        <p dir="auto" data-testid="event-description">
          {expanded ? event.description : description.text}
        </p>
        {description.truncated && (
          <button type="button" className={styles.linkButton} aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
            {expanded ? t('showLess') : t('showMore')}
          </button>
        )}
      </section>

      {event.ticketCategories.length > 0 && (
        <section className={styles.tickets} aria-labelledby="tickets-title">
          <h2 id="tickets-title" className={styles.ticketsTitle}>
            <Ticket size={20} aria-hidden="true" /> {t('tickets')}
          </h2>
          {buying ? (
            purchase(buying, closePurchase)
          ) : (
            // spec: the list shows only with more than one tier; a single tier is its price and the button
            <ul className={styles.ticketList}>{event.ticketCategories.map(ticketRow)}</ul>
          )}
        </section>
      )}

      <Modal
        open={conditions !== null}
        onClose={() => setConditions(null)}
        title={t('conditions')}
        size="small"
        footer={
          <Button variant="primary" onClick={() => setConditions(null)}>
            {t('done')}
          </Button>
        }
      >
        <p className={styles.conditionsName}>{conditions?.name}</p>
        <p>{conditions?.description || t('noConditions')}</p>
      </Modal>
    </article>
  );
}

export function EventNotFound() {
  const { t } = useTranslation('event');
  usePageTitle(t('notFound'));
  return (
    <div className={styles.notFound} role="status">
      <p>{t('notFound')}</p>
      <Link to="/events">{t('browseEvents')}</Link>
    </div>
  );
}

/**
 * What a buyer needs above the fold: when (venue time with its zone) and add to calendar, where
 * (address and map), and the tickets: price (one category) or lowest price, how many are left or
 * sold out, and the conditions.
 */
function EventKeyFacts({
  event,
  publicUrl,
  onConditions,
}: {
  event: EventDetailData;
  publicUrl: string;
  onConditions: (category: TicketCategory) => void;
}) {
  const { t } = useTranslation('event');
  const f = useFormatters();
  const { addressLine, city, country } = event.venue;
  const address = [addressLine, city, country].filter(Boolean).join(', ');
  const map = mapUrl(event.venue);
  const only = event.ticketCategories.length === 1 ? event.ticketCategories[0] : null;
  const calendar = {
    uid: event.id,
    name: event.name,
    description: event.description,
    start: event.startDateTime,
    end: event.endDateTime,
    location: [event.firmName, address].filter(Boolean).join(', '),
    // absolute on the server's render too: a calendar opened elsewhere cannot follow a relative link
    url: `${publicUrl}/event/${event.shortId}`,
    timezone: event.timezone,
  };
  return (
    <dl className={`${card.surface} ${styles.keyFacts}`} data-testid="event-key-facts">
      <div className={styles.keyFact}>
        <dt>
          <CalendarClock size={20} aria-hidden="true" />
          <span className="visually-hidden">{t('when')}</span>
        </dt>
        <dd>
          <time dateTime={event.startDateTime} data-testid="event-when" className={styles.keyStrong}>
            {f.date(event.startDateTime, event.timezone, 'long')} · {f.timeRange(event.startDateTime, event.endDateTime, event.timezone)}
          </time>
          <span className={styles.keyLinks}>
            <CalendarPlus size={16} aria-hidden="true" />
            <span>{t('addToCalendarLabel')}</span>
            <a href={`/api/public/events/sid/${event.shortId}/calendar.ics`} download data-testid="calendar-ics">
              {t('calendarFile')}
            </a>
            <a href={googleCalendarUrl(calendar)} target="_blank" rel="noopener noreferrer" data-testid="calendar-google">
              {t('googleCalendar')}
            </a>
          </span>
        </dd>
      </div>
      <div className={styles.keyFact}>
        <dt>
          <MapPin size={20} aria-hidden="true" />
          <span className="visually-hidden">{t('where')}</span>
        </dt>
        <dd>
          <span className={styles.keyStrong} dir="auto">
            {event.firmName}
          </span>
          <span dir="auto">{address || t('noVenue')}</span>
          {map && (
            <a href={map} target="_blank" rel="noopener noreferrer" data-testid="event-map">
              {t('openMap')}
            </a>
          )}
        </dd>
      </div>
      {event.ticketCategories.length > 0 && (
        <div className={styles.keyFact}>
          <dt>
            <Ticket size={20} aria-hidden="true" />
            <span className="visually-hidden">{t('ticketsInfo')}</span>
          </dt>
          <dd data-testid="event-tickets">
            <span className={styles.keyStrong}>
              {only
                ? f.money(only.price, event.currency)
                : event.priceFrom !== null
                  ? t('from', { price: f.money(event.priceFrom, event.currency) })
                  : null}
            </span>
            <span className={event.available === 0 ? styles.soldOut : styles.left}>
              {event.available === 0 ? t('soldOut') : t('ticketsLeft', { count: event.available })}
            </span>
            <button type="button" className={styles.linkButton} onClick={() => onConditions(only ?? event.ticketCategories[0])}>
              {t('refunds')}
            </button>
          </dd>
        </div>
      )}
    </dl>
  );
}
