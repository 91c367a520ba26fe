import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { nextKitchenStatus, type KitchenTicket, type KitchenTimers } from '../../../../shared/kitchen';
import { Button } from '../../../components/ui/button';
import styles from './kitchen.module.css';

/** The timer's colour: calm, then amber, then red as the ticket waits (minutes since it was placed), at the firm's ages. */
function ageTone(minutes: number, timers: KitchenTimers): 'calm' | 'amber' | 'red' {
  if (minutes >= timers.red) return 'red';
  return minutes >= timers.amber ? 'amber' : 'calm';
}

interface TicketCardProps {
  ticket: KitchenTicket;
  /** how long it has waited: the card is drawn again when this changes, not on every tick of the board's clock */
  minutes: number;
  timers: KitchenTimers;
  /** every station is shown: each ticket says its own */
  showStation: boolean;
  busy: boolean;
  onMove: (ticket: KitchenTicket, direction: 'advance' | 'recall') => void;
}

/**
 * One ticket on the board: its table (if ordered from one) and reference, age, dishes and note, and the step it can
 * take. Drawn again only when its own props change: the board's answer keeps the tickets that did not change (the
 * query's structural sharing), so a ticket arriving or a bump redraws one card, not the 60 beside it.
 */
export const TicketCard = memo(function TicketCard({ ticket, minutes, timers, showStation, busy, onMove }: TicketCardProps) {
  const { t } = useTranslation('workspace-kitchen');
  const tone = ticket.status === 'ready' ? 'calm' : ageTone(minutes, timers);
  const next = nextKitchenStatus(ticket.status);
  const titleId = `ticket-${ticket.id}`;
  return (
    <article className={`${styles.ticket} ${styles[`ticket_${ticket.status}`]}`} aria-labelledby={titleId} data-testid="kitchen-ticket">
      <header className={styles.ticketHead}>
        <h2 id={titleId} className={styles.ticketTitle}>
          {ticket.table ? (
            <>
              <bdi data-testid="ticket-table">{ticket.table}</bdi>{' '}
              <bdi dir="ltr" className={styles.ticketReference}>
                {ticket.reference}
              </bdi>
            </>
          ) : (
            <bdi dir="ltr">{ticket.reference}</bdi>
          )}
        </h2>
        <span className={`${styles.timer} ${styles[`timer_${tone}`]}`} data-tone={tone}>
          {t('minutes', { count: minutes })}
        </span>
      </header>
      <p className={styles.ticketMeta}>
        <span className={styles.status} data-testid="ticket-status">
          {t(`status.${ticket.status}`)}
        </span>
        {showStation && <span>{t(`station.${ticket.station}`)}</span>}
        {ticket.payAtCounter && <span>{t('payAtCounter')}</span>}
      </p>
      <ul className={styles.items}>
        {ticket.items.map((item, index) => (
          <li key={index}>
            <span className={styles.quantity}>{t('times', { count: item.quantity })}</span> <bdi>{item.label}</bdi>
            {item.options.length > 0 && <span className={styles.options}> · {item.options.join(', ')}</span>}
          </li>
        ))}
      </ul>
      {ticket.note && (
        <p className={styles.note}>
          <span className={styles.noteLabel}>{t('note')}</span> <bdi>{ticket.note}</bdi>
        </p>
      )}
      <div className={styles.actions}>
        {ticket.status === 'ready' && (
          <Button size="small" disabled={busy} onClick={() => onMove(ticket, 'recall')}>
            {t('action.recall')}
          </Button>
        )}
        {next && (
          <Button variant="primary" disabled={busy} onClick={() => onMove(ticket, 'advance')}>
            {t(`action.${next}`)}
          </Button>
        )}
      </div>
    </article>
  );
});
