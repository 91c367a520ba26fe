import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Banknote, CheckCircle2, CreditCard, Undo2 } from 'lucide-react';
import type { FirmOrderDetail } from '../../../../shared/firm-orders';
import { HandoverDetails } from '../../../components/checkout/handover-details';
import { RefundList } from '../../../components/checkout/refund-list';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmOrderQuery, useFulfilOrder } from '../api/orders';
import { useTakeCounterPayment } from '../api/counter-payment';
import { useWorkspace } from '../shell/workspace-context';
import { problemMessage } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import { OrderChip } from './order-chip';
import { RefundDialog } from './refund-dialog';
import styles from './orders.module.css';

/** `workspace/orders/{reference}`: one order, its lines or tickets, payment, and the collection steps of a shop order. */
export function OrderPage({ reference }: { reference: string }) {
  const { t } = useTranslation(['workspace-orders', 'workspace']);
  const { firmId } = useWorkspace();
  const order = useQuery(firmOrderQuery(firmId, reference));
  usePageTitle(`${t('detail.title')} ${reference}`);

  return (
    <div className={ui.page}>
      <Link to="/workspace/orders" className={styles.back}>
        <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
        {t('detail.back')}
      </Link>
      {order.isPending ? (
        <PageSpinner />
      ) : order.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{order.error instanceof ApiError && order.error.status === 404 ? t('detail.notFound') : problemMessage(t, order.error)}</p>
          <Button onClick={() => void order.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <OrderDetail order={order.data} />
      )}
    </div>
  );
}

function OrderDetail({ order }: { order: FirmOrderDetail }) {
  const { t } = useTranslation(['workspace-orders', 'workspace']);
  const format = useFormatters();
  const { can } = useWorkspace();
  const [refunding, setRefunding] = useState(false);
  const when = (value: string | null) => (value ? format.dateTime(value, order.timezone) : null);
  const times = [
    ['placed', when(order.createdAt)],
    ['paid', when(order.paidAt)],
    ['ready', when(order.readyAt)],
    ['collected', when(order.collectedAt)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);

  return (
    <article className={styles.detail} data-testid="firm-order">
      <header className={styles.detailHeader}>
        <div>
          <p className={ui.eyebrow}>{t(`kind.${order.kind}`)}</p>
          <h1 className={`${ui.pageTitle} ${styles.reference}`}>{order.reference}</h1>
          <p className={ui.lead}>
            <bdi>{order.title}</bdi>
          </p>
        </div>
        <OrderChip status={order.status} fulfilment={order.fulfilment} payAtCounter={order.payAtCounter} />
      </header>

      {order.payAtCounter && order.status === 'pending_payment' && <CounterPayment order={order} />}

      {order.canRefund && can('sales.refund') && (
        <div className={styles.refundAction}>
          <Button onClick={() => setRefunding(true)}>
            <Undo2 size={18} aria-hidden="true" />
            {t('refund.action')}
          </Button>
        </div>
      )}
      {refunding && <RefundDialog order={order} onClose={() => setRefunding(false)} />}

      {order.nextStep && <NextStep order={order} />}

      <section className={ui.panel} aria-labelledby="order-facts">
        <h2 id="order-facts" className={ui.panelTitle}>
          {t('detail.facts')}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t(order.kind === 'till' ? 'detail.seller' : 'detail.buyer')}</dt>
            <dd>
              <bdi>{order.buyerName}</bdi>
            </dd>
          </div>
          {times.map(([key, value]) => (
            <div key={key} className={styles.fact}>
              <dt>{t(`detail.at.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {order.table && (
            <div className={styles.fact}>
              <dt>{t('detail.table')}</dt>
              <dd>
                <bdi data-testid="firm-order-table">{order.table}</bdi>
              </dd>
            </div>
          )}
          <div className={styles.fact}>
            <dt>{t('detail.payment')}</dt>
            <dd>
              {order.counterMethod
                ? t(`counter.paid.${order.counterMethod}`)
                : order.payAtCounter && order.status === 'pending_payment'
                  ? t('counter.due')
                  : order.payment
                    ? [
                        t(`payment.${order.payment.status}`),
                        order.payment.method &&
                          t('detail.method', { method: t(`method.${order.payment.method}`, { defaultValue: order.payment.method }) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : order.kind === 'till'
                      ? t('payment.cash')
                      : order.totalMinor === 0
                        ? t('payment.free')
                        : t('payment.none')}
            </dd>
          </div>
        </dl>
        <p className={ui.muted}>{t('detail.clock', { zone: format.zone(order.createdAt, order.timezone) })}</p>
      </section>

      {order.handover && <HandoverDetails handover={order.handover} timeZone={order.timezone} />}

      {order.lines.length > 0 && (
        <section className={ui.panel} aria-labelledby="order-lines">
          <h2 id="order-lines" className={ui.panelTitle}>
            {t('detail.lines')}
          </h2>
          <ul className={styles.lines}>
            {order.lines.map((line) => (
              <li key={line.id} className={styles.line}>
                <span>
                  <bdi>{line.label}</bdi>
                  {line.qty > 1 && <span className={styles.more}> × {line.qty}</span>}
                  {line.refundedQty > 0 && <span className={styles.more}> · {t('refund.refundedQty', { count: line.refundedQty })}</span>}
                </span>
                <span className={styles.total}>{format.money(line.unitPrice * line.qty, order.currency)}</span>
              </li>
            ))}
            {order.handover && order.handover.feeMinor > 0 && (
              <li className={styles.line}>
                <span>{t('detail.deliveryFee')}</span>
                <span className={styles.total}>{format.money(order.handover.feeMinor, order.currency)}</span>
              </li>
            )}
            {order.discount && (
              <li className={styles.line} data-testid="firm-order-discount">
                <span>{t('detail.discount', { code: order.discount.code })}</span>
                <span className={styles.total}>{format.money(-order.discount.amountMinor, order.currency)}</span>
              </li>
            )}
            <li className={`${styles.line} ${styles.sum}`}>
              <span>{t('detail.total')}</span>
              <span className={styles.total}>{format.money(order.totalMinor, order.currency)}</span>
            </li>
          </ul>
        </section>
      )}

      {order.refunds.length > 0 && (
        <section className={ui.panel} aria-labelledby="order-refunds">
          <h2 id="order-refunds" className={ui.panelTitle}>
            {t('refund.history', { amount: format.money(order.refundedMinor, order.currency) })}
          </h2>
          <RefundList
            refunds={order.refunds}
            currency={order.currency}
            timeZone={order.timezone}
            heading={(date) => t('refund.on', { date })}
          />
        </section>
      )}

      {order.tickets.length > 0 && (
        <section className={ui.panel} aria-labelledby="order-tickets">
          <h2 id="order-tickets" className={ui.panelTitle}>
            {t('detail.tickets', { count: order.tickets.length })}
          </h2>
          <ul className={styles.lines}>
            {order.tickets.map((ticket) => (
              <li key={ticket.id} className={styles.line}>
                <span>
                  <bdi>{ticket.holderName}</bdi>
                  <span className={styles.more}>
                    {' · '}
                    <bdi>{ticket.categoryName}</bdi>
                  </span>
                </span>
                <span className={ui.badge}>{t(`ticket.${ticket.status}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** The next collection step of a paid shop order: one button, the buyer is told. */
function NextStep({ order }: { order: FirmOrderDetail }) {
  const { t } = useTranslation(['workspace-orders', 'workspace']);
  const { firmId } = useWorkspace();
  const fulfil = useFulfilOrder(firmId, order.reference);
  const step = order.nextStep!;
  return (
    <section className={styles.nextStep} aria-labelledby="next-step">
      <div>
        <h2 id="next-step" className={ui.panelTitle}>
          {t(`step.${step}.title`)}
        </h2>
        <p className={ui.muted}>{t(`step.${step}.hint`)}</p>
        {fulfil.isError && (
          <p className={styles.error} role="alert">
            {fulfil.error instanceof ApiError && fulfil.error.code === 'fulfilment_step_refused'
              ? t('step.refused')
              : problemMessage(t, fulfil.error)}
          </p>
        )}
      </div>
      <Button variant="primary" disabled={fulfil.isPending} onClick={() => fulfil.mutate(step)}>
        <CheckCircle2 size={18} aria-hidden="true" />
        {t(`step.${step}.action`)}
      </Button>
    </section>
  );
}

/** A table's order the guest pays at the counter: staff record the payment, in cash or by card, once. */
function CounterPayment({ order }: { order: FirmOrderDetail }) {
  const { t } = useTranslation(['workspace-orders', 'workspace']);
  const { firmId } = useWorkspace();
  const format = useFormatters();
  const take = useTakeCounterPayment(firmId, order.reference);
  return (
    <section className={styles.nextStep} aria-labelledby="counter-payment">
      <div>
        <h2 id="counter-payment" className={ui.panelTitle}>
          {t('counter.title', { amount: format.money(order.totalMinor, order.currency) })}
        </h2>
        <p className={ui.muted}>{t('counter.hint')}</p>
        {take.isError && (
          <p className={styles.error} role="alert">
            {take.error instanceof ApiError && take.error.code === 'counter_paid_already'
              ? t('counter.already')
              : problemMessage(t, take.error)}
          </p>
        )}
      </div>
      <div className={styles.counterActions}>
        <Button variant="primary" disabled={take.isPending} onClick={() => take.mutate('cash')}>
          <Banknote size={18} aria-hidden="true" />
          {t('counter.cash')}
        </Button>
        <Button disabled={take.isPending} onClick={() => take.mutate('card')}>
          <CreditCard size={18} aria-hidden="true" />
          {t('counter.card')}
        </Button>
      </div>
    </section>
  );
}
