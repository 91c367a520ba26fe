import { useTranslation } from 'react-i18next';
import { CheckCircle2, CloudOff, Printer } from 'lucide-react';
import type { TillIssuedTicket, TillSale } from '../../../../shared/till';
import { Button } from '../../../components/ui/button';
import { qrImageSource } from '../../../lib/qr-image';
import { useFormatters } from '../../../lib/use-dates';
import { cartFigures, itemKey, lineDiscount, type TillCart } from './till-cart';
import { TillReceiptMail } from './till-receipt-mail';
import styles from './till.module.css';

/** A finished sale: what the server took (or, offline, what waits on the device) and what was handed over. */
export interface TillDone {
  cart: TillCart;
  /** the cash handed over, and the part paid by card */
  tendered: number;
  card: number;
  soldAt: string;
  /** null while it waits in the offline queue */
  sale: TillSale | null;
}

/** The change to give in big type, the receipt to print (a narrow till roll), and the next sale. */
export function TillReceipt({
  done,
  currency,
  firmName,
  timezone,
  onNext,
}: {
  done: TillDone;
  currency: string;
  firmName: string;
  timezone: string;
  onNext: () => void;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const money = (minor: number) => format.money(minor, currency);
  const figures = cartFigures(done.cart);
  // the server's figures once it has the sale (a receipt after the card step may have no lines kept)
  const total = done.sale?.totalMinor ?? figures.total;
  const change = done.sale?.changeMinor ?? done.tendered - (total - done.card);
  const flags = done.sale?.flags ?? [];
  const saleDiscount = figures.discount - done.cart.lines.reduce((sum, line) => sum + lineDiscount(line), 0);

  return (
    <section className={styles.done} aria-labelledby="till-done-title" data-testid="till-done">
      <div className={styles.doneHead}>
        {done.sale ? <CheckCircle2 size={28} aria-hidden="true" /> : <CloudOff size={28} aria-hidden="true" />}
        <h2 id="till-done-title" className={styles.panelTitle}>
          {done.sale ? t('done.title') : t('done.queuedTitle')}
        </h2>
      </div>
      {!done.sale && <p className={styles.muted}>{t('done.queued')}</p>}
      {done.card < total && (
        <p className={styles.bigChange}>
          {t('done.change')} <strong data-testid="till-done-change">{money(change)}</strong>
        </p>
      )}
      {flags.length > 0 && (
        <p className={styles.muted}>{t('done.flags', { reasons: flags.map((flag) => t(`flag.${flag}`)).join(', ') })}</p>
      )}

      <article className={styles.receipt} aria-label={t('receipt.title')} data-testid="till-receipt">
        <h3 className={styles.receiptFirm}>
          <bdi>{firmName}</bdi>
        </h3>
        <p>{format.dateTime(done.soldAt, timezone)}</p>
        {done.sale ? (
          <p>
            {t('done.reference')} <bdi dir="ltr">{done.sale.reference}</bdi>
          </p>
        ) : (
          <p>{t('receipt.offline')}</p>
        )}
        <table className={styles.receiptLines}>
          <tbody>
            {done.cart.lines.map((line) => (
              <ReceiptLine key={itemKey(line.item)} line={line} money={money} />
            ))}
            {saleDiscount > 0 && (
              <tr>
                <td>{t('receipt.discount')}</td>
                <td>−{money(saleDiscount)}</td>
              </tr>
            )}
            {done.sale?.promo && (
              <tr>
                <td>{t('promo', { code: done.sale.promo.code })}</td>
                <td>−{money(done.sale.promo.discountMinor)}</td>
              </tr>
            )}
            <tr className={styles.receiptTotal}>
              <td>{t('total')}</td>
              <td>{money(total)}</td>
            </tr>
            {done.card > 0 && (
              <tr>
                <td>{t('receipt.card')}</td>
                <td>{money(done.card)}</td>
              </tr>
            )}
            {done.card < total && (
              <>
                <tr>
                  <td>{t('receipt.cash')}</td>
                  <td>{money(done.tendered)}</td>
                </tr>
                <tr>
                  <td>{t('receipt.change')}</td>
                  <td>{money(change)}</td>
                </tr>
              </>
            )}
          </tbody>
        </table>
        {done.sale && done.sale.tickets.length > 0 && <ReceiptTickets tickets={done.sale.tickets} timezone={timezone} />}
      </article>

      {done.sale && <TillReceiptMail reference={done.sale.reference} />}

      <div className={styles.ticketActions}>
        <Button variant="primary" onClick={onNext}>
          {t('done.next')}
        </Button>
        <Button onClick={() => window.print()}>
          <Printer size={18} aria-hidden="true" /> {t('done.print')}
        </Button>
      </div>
    </section>
  );
}

function ReceiptLine({ line, money }: { line: TillCart['lines'][number]; money: (minor: number) => string }) {
  const { t } = useTranslation('workspace-till');
  const off = lineDiscount(line);
  return (
    <>
      <tr>
        <td>
          {line.quantity} × <bdi>{line.item.name}</bdi>
        </td>
        <td>{money(line.item.priceMinor * line.quantity)}</td>
      </tr>
      {off > 0 && (
        <tr>
          <td className={styles.receiptOff}>{t('receipt.discount')}</td>
          <td>−{money(off)}</td>
        </tr>
      )}
    </>
  );
}

/** The walk-in's tickets on the receipt: each with the QR the door scans and the code a person can read out. */
function ReceiptTickets({ tickets, timezone }: { tickets: TillIssuedTicket[]; timezone: string }) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  return (
    <section className={styles.receiptTickets} aria-labelledby="till-receipt-tickets">
      <h4 id="till-receipt-tickets" className={styles.receiptTicketsTitle}>
        {t('receipt.tickets', { count: tickets.length })}
      </h4>
      <ul>
        {tickets.map((ticket) => (
          <li key={ticket.id} className={styles.receiptTicket} data-testid="till-receipt-ticket">
            <img src={qrImageSource(ticket.qrSvg)} alt={t('receipt.ticketQr', { code: ticket.code })} width={112} height={112} />
            <div>
              <p>
                <bdi>{ticket.eventName}</bdi> · <bdi>{ticket.tierName}</bdi>
              </p>
              <p>{format.dateTime(ticket.startDateTime, timezone)}</p>
              <code dir="ltr">{ticket.code}</code>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
