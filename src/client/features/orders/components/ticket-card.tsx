import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CalendarClock, MapPin, Maximize2, Send, Sun } from 'lucide-react';
import type { Ticket } from '../../../../shared/orders';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { useNetworkStore } from '../../../lib/network-status';
import { qrImageSource } from '../../../lib/qr-image';
import { useFormatters } from '../../../lib/use-dates';
import { TransferDialog } from './transfer-dialog';
import styles from './orders.module.css';

/**
 * A ticket: for its holder, the QR code and code to show at the door (full screen on demand, and
 * offline once seen: the SVG comes with the data), and passing it to a friend; for the buyer of a
 * friend's ticket, who holds it.
 */
export function TicketCard({ ticket, userId, showEvent = true }: { ticket: Ticket; userId: string; showEvent?: boolean }) {
  const { t } = useTranslation('tickets');
  const f = useFormatters();
  const [zoom, setZoom] = useState(false);
  const [passing, setPassing] = useState(false);
  const online = useNetworkStore((state) => state.online);
  const own = ticket.holder.id === userId;
  const when = `${f.date(ticket.event.startDateTime, ticket.event.timezone, 'long')} · ${f.time(ticket.event.startDateTime, ticket.event.timezone)}`;

  return (
    <article
      className={styles.ticket}
      data-testid="ticket"
      aria-label={t('ticket.label', { event: ticket.event.name, name: ticket.holder.name })}
    >
      <div className={styles.ticketMain}>
        {showEvent && (
          <h3 className={styles.ticketEvent} dir="auto">
            <Link to="/event/$shortId" params={{ shortId: ticket.event.shortId }}>
              {ticket.event.name}
            </Link>
          </h3>
        )}
        {showEvent && (
          <p className={styles.ticketMeta}>
            <CalendarClock size={16} aria-hidden="true" />
            <time dateTime={ticket.event.startDateTime}>{when}</time>
          </p>
        )}
        {showEvent && (
          <p className={styles.ticketMeta} dir="auto">
            <MapPin size={16} aria-hidden="true" />
            <span>
              <bdi>{ticket.event.firmName}</bdi>
              {ticket.event.address && (
                <>
                  {' · '}
                  <bdi>{ticket.event.address}</bdi>
                </>
              )}
            </span>
          </p>
        )}
        <p className={styles.ticketTier} dir="auto">
          {ticket.categoryName}
        </p>
        <div className={styles.holder}>
          <PersonAvatar name={ticket.holder.name} imagePath={ticket.holder.imagePath} size={32} />
          <span>
            {own ? t('ticket.yours') : t('ticket.heldBy', { name: ticket.holder.name })}
            {ticket.buyerName !== ticket.holder.name && own && (
              <span className={styles.from}> · {t('ticket.from', { name: ticket.buyerName })}</span>
            )}
          </span>
        </div>
        {ticket.status === 'reserved' && <p className={styles.pending}>{t('ticket.reserved')}</p>}
        {ticket.status === 'void' && <p className={styles.voided}>{t('ticket.void')}</p>}
      </div>
      {ticket.qrSvg && ticket.code && (
        <div className={styles.qrBlock}>
          <button type="button" className={styles.qrButton} onClick={() => setZoom(true)} aria-label={t('ticket.showAtDoor')}>
            <img
              className={styles.qr}
              src={qrImageSource(ticket.qrSvg)}
              alt={t('ticket.qrAlt', { code: ticket.code })}
              width={132}
              height={132}
              data-testid="ticket-qr"
            />
          </button>
          <code className={styles.code} dir="ltr">
            {ticket.code}
          </code>
          <div className={styles.ticketActions}>
            <Button size="small" onClick={() => setZoom(true)}>
              <Maximize2 size={16} aria-hidden="true" />
              {t('ticket.show')}
            </Button>
            {ticket.canTransfer &&
              (online ? (
                <Button size="small" onClick={() => setPassing(true)}>
                  <Send size={16} aria-hidden="true" className="flip-rtl" />
                  {t('ticket.pass')}
                </Button>
              ) : (
                // passing a ticket is decided by the server: offline, the wallet says so instead of offering it
                <span className={styles.offlineHint}>{t('ticket.passOffline')}</span>
              ))}
          </div>
        </div>
      )}
      <Modal open={zoom} onClose={() => setZoom(false)} title={ticket.event.name} size="small" className={styles.zoomModal}>
        {ticket.qrSvg && (
          <div className={styles.zoom}>
            <img src={qrImageSource(ticket.qrSvg)} alt={t('ticket.qrAlt', { code: ticket.code })} className={styles.zoomQr} />
            <code className={styles.zoomCode} dir="ltr">
              {ticket.code}
            </code>
            <p className={styles.zoomHolder} dir="auto">
              {ticket.holder.name} · {ticket.categoryName}
            </p>
            <p className={styles.muted}>{when}</p>
            <p className={styles.brightness} data-testid="brightness-hint">
              <Sun size={18} aria-hidden="true" />
              {t('ticket.brightness')}
            </p>
          </div>
        )}
      </Modal>
      {passing && <TransferDialog ticket={ticket} userId={userId} onClose={() => setPassing(false)} />}
    </article>
  );
}
