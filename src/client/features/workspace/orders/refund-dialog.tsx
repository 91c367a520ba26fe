import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refundOfUnits } from '../../../../shared/promotions';
import type { FirmOrderDetail } from '../../../../shared/firm-orders';
import { REFUND_REASON_MAX, type RefundInput } from '../../../../shared/orders';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/checkout';
import { useFormatters } from '../../../lib/use-dates';
import { useRefundOrder } from '../api/refund-order';
import { useWorkspace } from '../shell/workspace-context';
import { problemMessage } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import styles from './orders.module.css';

/** What the firm may still give back: the valid tickets, and what is left of every other line. */
function refundable(order: FirmOrderDetail) {
  return {
    tickets: order.tickets.filter((ticket) => ticket.status === 'active'),
    lines: order.lines.filter((line) => line.kind !== 'ticket' && line.qty > line.refundedQty),
  };
}

/**
 * The refund dialog: the whole order, or chosen tickets and quantities, with the reason the buyer
 * is told. One Idempotency-Key per opening: a second click (or a retry) is the same refund.
 */
export function RefundDialog({ order, onClose }: { order: FirmOrderDetail; onClose: () => void }) {
  const { t } = useTranslation(['workspace-orders', 'workspace']);
  const format = useFormatters();
  const id = useId();
  const { firmId } = useWorkspace();
  const refund = useRefundOrder(firmId, order.reference);
  const [key] = useState(newIdempotencyKey);
  const [whole, setWhole] = useState(false);
  const [ticketIds, setTicketIds] = useState<string[]>([]);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const choice = refundable(order);
  const lines = Object.entries(quantities)
    .filter(([, qty]) => qty > 0)
    .map(([lineId, qty]) => ({ lineId, qty }));
  // what was paid for them (a promo code's share taken off), as the server refunds it
  const chosenTickets = order.tickets.filter((ticket) => ticketIds.includes(ticket.id));
  const ticketLines = order.lines.filter((l) => l.kind === 'ticket');
  // the refund that leaves nothing gives back all that is left, the delivery fee with it (as the server does)
  const leavesNothing =
    choice.tickets.every((ticket) => ticketIds.includes(ticket.id)) &&
    choice.lines.every((line) => quantities[line.id] === line.qty - line.refundedQty);
  const amount =
    whole || leavesNothing
      ? order.totalMinor - order.refundedMinor
      : ticketLines.reduce(
          (sum, l) => sum + refundOfUnits(l, chosenTickets.filter((ticket) => ticket.categoryName === l.label).length),
          0,
        ) +
        lines.reduce((sum, line) => {
          const found = order.lines.find((l) => l.id === line.lineId);
          return sum + (found ? refundOfUnits(found, line.qty) : 0);
        }, 0);
  const chosen = whole || ticketIds.length > 0 || lines.length > 0;
  const ready = chosen && reason.trim().length > 0 && !refund.isPending;

  const submit = () => {
    if (!ready) return;
    const body: RefundInput = { reason: reason.trim(), whole, ticketIds: whole ? [] : ticketIds, lines: whole ? [] : lines };
    refund.mutate({ body, key }, { onSuccess: onClose });
  };
  const toggleTicket = (ticketId: string, on: boolean) =>
    setTicketIds((current) => (on ? [...current, ticketId] : current.filter((other) => other !== ticketId)));

  return (
    <Modal
      open
      onClose={onClose}
      title={t('refund.title', { reference: order.reference })}
      footer={
        <>
          <Button onClick={onClose}>{t('refund.cancel')}</Button>
          <Button variant="primary" disabled={!ready} onClick={submit} data-testid="refund-submit">
            {t('refund.submit', { amount: format.money(amount, order.currency) })}
          </Button>
        </>
      }
    >
      <form
        className={styles.refundForm}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className={styles.refundChoice}>
          <input type="checkbox" checked={whole} onChange={(event) => setWhole(event.target.checked)} />
          {t('refund.whole', { amount: format.money(order.totalMinor - order.refundedMinor, order.currency) })}
        </label>
        {!whole && choice.tickets.length > 0 && (
          <fieldset className={styles.refundGroup}>
            <legend>{t('refund.tickets')}</legend>
            {choice.tickets.map((ticket) => (
              <label key={ticket.id} className={styles.refundChoice}>
                <input
                  type="checkbox"
                  checked={ticketIds.includes(ticket.id)}
                  onChange={(event) => toggleTicket(ticket.id, event.target.checked)}
                />
                <bdi>{ticket.holderName}</bdi> · <bdi>{ticket.categoryName}</bdi>
              </label>
            ))}
          </fieldset>
        )}
        {!whole && choice.lines.length > 0 && (
          <fieldset className={styles.refundGroup}>
            <legend>{t('refund.lines')}</legend>
            {choice.lines.map((line) => (
              <label key={line.id} className={styles.refundChoice}>
                <input
                  type="number"
                  min={0}
                  max={line.qty - line.refundedQty}
                  value={quantities[line.id] ?? 0}
                  aria-label={t('refund.quantity', { label: line.label })}
                  onChange={(event) =>
                    setQuantities((current) => ({
                      ...current,
                      [line.id]: Math.min(line.qty - line.refundedQty, Math.max(0, Math.round(Number(event.target.value)) || 0)),
                    }))
                  }
                />
                <bdi>{line.label}</bdi> {t('refund.left', { count: line.qty - line.refundedQty })}
              </label>
            ))}
          </fieldset>
        )}
        <TextAreaField
          id={`${id}-reason`}
          label={t('refund.reason')}
          value={reason}
          maxLength={REFUND_REASON_MAX}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <p className={ui.muted}>{t('refund.hint')}</p>
        {refund.isError && (
          <p className={styles.error} role="alert">
            {refund.error instanceof ApiError && refund.error.code === 'refund_too_large'
              ? t('refund.tooLarge')
              : problemMessage(t, refund.error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
