import { LegalLine } from '../../../components/content/legal-line';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CheckCircle2, CircleAlert, Clock, CreditCard, HandCoins, LoaderCircle, Printer, WifiOff } from 'lucide-react';
import type { OrderDetail } from '../../../../shared/orders';
import { HandoverDetails } from '../../../components/checkout/handover-details';
import { RefundList } from '../../../components/checkout/refund-list';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { NoData } from '../../../components/feedback/no-data';
import { Button } from '../../../components/ui/button';
import { checkoutMessage, goToPaymentStep } from '../../../lib/checkout';
import { confirm } from '../../../lib/confirm-store';
import { useLivePollInterval } from '../../../lib/live-events';
import { useNetworkStore } from '../../../lib/network-status';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import { confirmOrder, orderQuery } from '../api/get-order';
import { useCancelOrder, usePayOrder } from '../api/order-actions';
import { StatusPill } from './orders-page';
import { KitchenProgress } from './kitchen-progress';
import { TicketCard } from './ticket-card';
import { TableBadge } from '../../../components/ui/table-badge';
import styles from './orders.module.css';

/** How long the page keeps asking after the payment step, while the provider's confirmation is on its way. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLL_FOR_MS = 60_000;

/** How often an order in the kitchen is asked for while the live stream is down. */
const KITCHEN_POLL_MS = 10_000;
const inKitchen = (order: OrderDetail | undefined) => Boolean(order?.kitchenStatus && order.kitchenStatus !== 'served');

const waitingForPayment = (order: OrderDetail | undefined) => order?.status === 'pending_payment' && order.payment?.status === 'pending';

interface OrderDetailPageProps {
  reference: string;
  /** back from the payment step (its return or cancel URL) */
  fromPayment: boolean;
  cancelled: boolean;
}

/**
 * `/profile/orders/{reference}`: an order with its reference, status, tickets (their QR codes:
 * kept on the device once opened), lines and payment. Back from the payment step it asks the
 * server to confirm with the provider and keeps asking a minute while the confirmation is on its
 * way. A pending order can be paid (online only, and it says so) or cancelled.
 */
export function OrderDetailPage({ reference, fromPayment, cancelled }: OrderDetailPageProps) {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation('common');
  const f = useFormatters();
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const online = useNetworkStore((state) => state.online);
  const queryClient = useQueryClient();
  const [since] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(fromPayment);
  const [problem, setProblem] = useState<string | null>(null);
  const pay = usePayOrder();
  const cancel = useCancelOrder(userId);
  const kitchenPoll = useLivePollInterval(KITCHEN_POLL_MS);
  const order = useQuery({
    ...orderQuery(userId, reference),
    enabled: Boolean(user),
    refetchInterval: (query) => {
      if (fromPayment && !cancelled && waitingForPayment(query.state.data) && Date.now() - since < CONFIRM_POLL_FOR_MS)
        return CONFIRM_POLL_MS;
      // the kitchen's moves come over the live stream; while it is down, the page asks
      return inKitchen(query.state.data) ? kitchenPoll : false;
    },
  });
  const data = order.data;
  usePageTitle(data ? `${data.title} · ${data.reference}` : reference);

  // back from the payment step: the server asks the provider (the webhook may not have come yet)
  useEffect(() => {
    if (!fromPayment || !userId) return;
    confirmOrder(reference)
      .then((detail) => queryClient.setQueryData(queryKeys.order(userId, reference), detail))
      .catch(() => undefined)
      .finally(() => setConfirming(false));
  }, [fromPayment, reference, userId, queryClient]);

  // paid (or settled otherwise): the wallet and the list show it
  const status = data?.status;
  useEffect(() => {
    if (status && userId) void queryClient.invalidateQueries({ queryKey: queryKeys.walletAll(userId), refetchType: 'active' });
  }, [status, userId, queryClient]);

  if (!user) return <PageSpinner />;
  if (!data) {
    if (order.isError) {
      return (
        <section className={styles.page}>
          <NoData icon={CircleAlert} message={online ? t('detail.notFound') : t('detail.notKept')} showExplore={false} />
          <Link to="/profile/orders" className={styles.back}>
            <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" /> {t('detail.back')}
          </Link>
        </section>
      );
    }
    return <PageSpinner />;
  }

  const holdUntil = data.holdExpiresAt ? f.time(data.holdExpiresAt, viewerTimeZone()) : null;
  // the last attempt's reason, also when the payer then left the payment step
  const failure = data.payment && ['failed', 'canceled'].includes(data.payment.status) ? data.payment.failureCode : null;

  const payNow = () => {
    setProblem(null);
    pay.mutate(reference, {
      onSuccess: (answer) => {
        if (answer.redirectUrl) goToPaymentStep(answer.redirectUrl);
      },
      onError: (error) => {
        setProblem(checkoutMessage(error, t));
        void order.refetch();
      },
    });
  };
  const cancelOrder = async () => {
    const ok = await confirm({
      title: t('detail.cancelTitle'),
      message: t('detail.cancelMessage'),
      okText: t('detail.cancelOk'),
      cancelText: t('detail.keep'),
    });
    if (!ok) return;
    cancel.mutate(reference, { onError: (error) => setProblem(checkoutMessage(error, t)) });
  };

  return (
    <section className={`${styles.page} ${styles.printable}`} data-testid="order-detail">
      <Link to="/profile/orders" className={`${styles.back} ${styles.noPrint}`}>
        <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" /> {t('detail.back')}
      </Link>
      <header className={styles.detailHead}>
        <div>
          <p className={styles.reference}>
            {t('detail.reference')}{' '}
            <strong dir="ltr" data-testid="order-reference">
              {data.reference}
            </strong>
          </p>
          <h1 dir="auto" className={styles.detailTitle}>
            {data.eventShortId ? (
              <Link to="/event/$shortId" params={{ shortId: data.eventShortId }}>
                {data.title}
              </Link>
            ) : (
              <Link to="/$username" params={{ username: data.firmUsername }}>
                {data.title}
              </Link>
            )}
          </h1>
          {data.role === 'holder' && <p className={styles.muted}>{t('detail.fromFriend', { name: data.buyerName })}</p>}
          {data.table && <TableBadge caption={t('table.servedAt')} label={data.table} />}
        </div>
        <StatusPill status={data.status} fulfilment={data.fulfilment} payAtCounter={data.payAtCounter} />
      </header>

      {data.status === 'paid' && fromPayment && (
        <p className={`${styles.banner} ${styles.bannerSuccess}`} role="status">
          <CheckCircle2 size={20} aria-hidden="true" /> {t(`detail.paidFor.${data.contents}`)}
        </p>
      )}
      {data.status === 'pending_payment' && (confirming || (fromPayment && !cancelled && waitingForPayment(data) && !failure)) && (
        <p className={`${styles.banner} ${styles.bannerInfo}`} role="status">
          <LoaderCircle size={20} aria-hidden="true" className={styles.spin} /> {t('detail.confirming')}
        </p>
      )}
      {data.status === 'pending_payment' && data.payAtCounter && (
        <p className={`${styles.banner} ${styles.bannerInfo}`} role="status" data-testid="counter-due">
          <HandCoins size={20} aria-hidden="true" /> {t('table.counterDue', { amount: f.money(data.totalMinor, data.currency) })}
        </p>
      )}
      {data.status === 'pending_payment' && !data.payAtCounter && !confirming && (failure || cancelled || !fromPayment) && (
        <p
          className={`${styles.banner} ${failure ? styles.bannerError : styles.bannerWarn}`}
          role={failure ? 'alert' : 'status'}
          data-testid="payment-problem"
        >
          {failure ? <CircleAlert size={20} aria-hidden="true" /> : <Clock size={20} aria-hidden="true" />}
          <span>
            {failure
              ? t(`payment.${failure}`, { defaultValue: t('payment.failed') })
              : cancelled
                ? t('detail.notCompleted')
                : t('detail.awaiting')}{' '}
            {holdUntil && t('detail.heldUntil', { time: holdUntil })}
          </span>
        </p>
      )}
      {data.status === 'expired' && <p className={`${styles.banner} ${styles.bannerWarn}`}>{t('detail.expired')}</p>}
      {data.status === 'cancelled' && <p className={`${styles.banner} ${styles.bannerWarn}`}>{t('detail.cancelled')}</p>}
      {data.status === 'refunded' && <p className={`${styles.banner} ${styles.bannerInfo}`}>{t('detail.refunded')}</p>}

      {data.handover && <HandoverDetails handover={data.handover} timeZone={viewerTimeZone()} />}

      {data.kitchenStatus && (
        <KitchenProgress
          status={data.kitchenStatus}
          reference={data.reference}
          userId={user.id}
          table={data.table}
          delivered={data.handover?.method === 'delivery'}
        />
      )}

      {data.tickets.length > 0 && (
        <section aria-labelledby="order-tickets" className={styles.section}>
          <h2 id="order-tickets" className={styles.sectionTitle}>
            {t('detail.tickets', { count: data.tickets.length })}
          </h2>
          <div className={styles.tickets} data-testid="order-tickets">
            {data.tickets.map((ticket, index) => (
              <TicketCard key={ticket.id} ticket={ticket} userId={user.id} showEvent={index === 0} />
            ))}
          </div>
        </section>
      )}

      {data.role === 'buyer' && (
        <section aria-labelledby="order-lines" className={`${styles.section} ${styles.receipt}`}>
          <h2 id="order-lines" className={styles.sectionTitle}>
            {t('detail.summary')}
          </h2>
          <dl className={styles.lines}>
            {data.lines.map((line) => (
              <div key={`${line.kind}-${line.label}`} className={styles.line}>
                <dt dir="auto">{line.qty > 1 ? `${line.label} x ${line.qty}` : line.label}</dt>
                <dd>{f.money(line.unitPrice * line.qty, data.currency)}</dd>
              </div>
            ))}
            {data.discount && (
              <div className={styles.line}>
                <dt dir="auto">{t('promo.discount', { code: data.discount.code })}</dt>
                <dd data-testid="order-discount">{f.money(-data.discount.amountMinor, data.currency)}</dd>
              </div>
            )}
            {data.handover && data.handover.feeMinor > 0 && (
              <div className={styles.line}>
                <dt>{t('handover.fee')}</dt>
                <dd data-testid="order-delivery-fee">{f.money(data.handover.feeMinor, data.currency)}</dd>
              </div>
            )}
            <div className={`${styles.line} ${styles.totalLine}`}>
              <dt>{t('form.total')}</dt>
              <dd data-testid="order-total">{f.money(data.totalMinor, data.currency)}</dd>
            </div>
            {data.refundedMinor > 0 && (
              <div className={styles.line}>
                <dt>{t('detail.refundedTotal')}</dt>
                <dd data-testid="order-refunded">−{f.money(data.refundedMinor, data.currency)}</dd>
              </div>
            )}
          </dl>
          {data.refunds.length > 0 && (
            <RefundList
              refunds={data.refunds}
              currency={data.currency}
              timeZone={viewerTimeZone()}
              heading={(date) => t('detail.refundedOn', { date })}
            />
          )}
          {data.payment && data.payment.status !== 'pending' && data.payment.method && (
            <p className={styles.muted}>
              <CreditCard size={16} aria-hidden="true" /> {t(`method.${data.payment.method}`, { defaultValue: data.payment.method })}
            </p>
          )}
          {data.seller && <LegalLine legal={data.seller} lead={tc('legal.soldBy')} className={styles.muted} />}
          {(data.status === 'paid' || data.status === 'refunded') && (
            <Button variant="ghost" className={styles.noPrint} onClick={() => window.print()}>
              <Printer size={18} aria-hidden="true" /> {t('detail.print')}
            </Button>
          )}
        </section>
      )}

      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {(data.canPay || data.canCancel) && (
        <div className={styles.detailActions}>
          {!online && (
            <p className={styles.offlineNote} role="status">
              <WifiOff size={18} aria-hidden="true" /> {t('form.needsConnection')}
            </p>
          )}
          {data.canCancel && (
            <Button onClick={() => void cancelOrder()} disabled={!online || cancel.isPending}>
              {t('detail.cancel')}
            </Button>
          )}
          {data.canPay && (
            <Button variant="primary" onClick={payNow} disabled={!online || pay.isPending}>
              {t('detail.payNow', { amount: f.money(data.totalMinor, data.currency) })}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
