import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Receipt, Ticket as TicketIcon, WifiOff } from 'lucide-react';
import type { OrderStatus } from '../../../../shared/orders';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Paginator } from '../../../components/ui/paginator';
import { useNetworkStore } from '../../../lib/network-status';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import { ordersQuery } from '../api/get-orders';
import { walletQuery } from '../api/get-wallet';
import { TicketCard } from './ticket-card';
import { OrderStatePill, orderState } from '../../../components/ui/order-state-pill';
import styles from './orders.module.css';

/** A ticket's event counts as past six hours after it started (the night is not over at the door). */
const PAST_AFTER_MS = 6 * 60 * 60 * 1000;

/** The order's status; a paid shop order the firm made ready or handed over says so. */
export function StatusPill({
  status,
  fulfilment = null,
  payAtCounter = false,
}: {
  status: OrderStatus;
  fulfilment?: 'ready' | 'collected' | null;
  /** an order left to pay at the counter says so rather than "pending payment" */
  payAtCounter?: boolean;
}) {
  const { t } = useTranslation('tickets');
  const state = orderState(status, fulfilment);
  const label = status === 'pending_payment' && payAtCounter ? t('status.counter') : t(`status.${state}`);
  return <OrderStatePill state={state} label={label} testId="order-status" />;
}

/**
 * `/profile/orders`: the ticket wallet (the tickets the user holds, bought by them or for them,
 * with their QR codes) and their orders with their status. Both are kept on the device: the
 * wallet opens at the venue with no signal.
 */
export function OrdersPage() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('orders.title'));
  const user = useCurrentUser();
  const online = useNetworkStore((state) => state.online);
  const f = useFormatters();
  const [page, setPage] = useState(0);
  // when the page opened: tickets of events over by then are the past ones
  const [now] = useState(() => Date.now());
  const wallet = useQuery({ ...walletQuery(user?.id ?? ''), enabled: Boolean(user) });
  const orders = useQuery({ ...ordersQuery(user?.id ?? '', page), enabled: Boolean(user) });
  if (!user) return <PageSpinner />;

  const tickets = wallet.data?.tickets ?? [];
  const upcoming = tickets.filter((ticket) => new Date(ticket.event.startDateTime).getTime() + PAST_AFTER_MS > now);
  const past = tickets.filter((ticket) => !upcoming.includes(ticket));

  return (
    <section className={styles.page}>
      <h1>{t('orders.title')}</h1>
      {!online && (
        <p className={styles.offlineNote} role="status">
          <WifiOff size={18} aria-hidden="true" /> {t('orders.offline')}
        </p>
      )}

      <section aria-labelledby="wallet-title" className={styles.section}>
        <h2 id="wallet-title" className={styles.sectionTitle}>
          <TicketIcon size={20} aria-hidden="true" /> {t('orders.wallet')}
        </h2>
        {!wallet.data ? (
          wallet.isError ? (
            <p className={styles.muted}>{t('orders.notKept')}</p>
          ) : (
            <PageSpinner />
          )
        ) : upcoming.length === 0 ? (
          <NoData icon={TicketIcon} message={t('orders.noTickets')} />
        ) : (
          <div className={styles.tickets} data-testid="wallet">
            {upcoming.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} userId={user.id} />
            ))}
          </div>
        )}
        {past.length > 0 && (
          <details className={styles.past}>
            <summary>{t('orders.pastTickets', { count: past.length })}</summary>
            <div className={styles.tickets}>
              {past.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} userId={user.id} />
              ))}
            </div>
          </details>
        )}
      </section>

      <section aria-labelledby="orders-title" className={styles.section}>
        <h2 id="orders-title" className={styles.sectionTitle}>
          <Receipt size={20} aria-hidden="true" /> {t('orders.orders')}
        </h2>
        {!orders.data ? (
          orders.isError ? (
            <p className={styles.muted}>{t('orders.notKept')}</p>
          ) : (
            <PageSpinner />
          )
        ) : orders.data.content.length === 0 ? (
          <NoData icon={Receipt} message={t('orders.noOrders')} />
        ) : (
          <>
            <ul className={styles.orderList} data-testid="order-list">
              {orders.data.content.map((order) => (
                <li key={order.id}>
                  <Link to="/profile/orders/$reference" params={{ reference: order.reference }} className={styles.orderRow}>
                    <span className={styles.orderText}>
                      <strong dir="auto">{order.title}</strong>
                      <span className={styles.muted}>
                        <span dir="ltr">{order.reference}</span> · {f.date(order.createdAt, viewerTimeZone())}
                      </span>
                    </span>
                    <span className={styles.orderSide}>
                      <StatusPill status={order.status} fulfilment={order.fulfilment} payAtCounter={order.payAtCounter} />
                      <span className={styles.amount}>{f.money(order.totalMinor, order.currency)}</span>
                    </span>
                    <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
                  </Link>
                </li>
              ))}
            </ul>
            {orders.data.totalPages > 1 && (
              <Paginator
                page={page + 1}
                previousDisabled={orders.data.first}
                nextDisabled={orders.data.last}
                onPrevious={() => setPage(page - 1)}
                onNext={() => setPage(page + 1)}
              />
            )}
          </>
        )}
      </section>
    </section>
  );
}
