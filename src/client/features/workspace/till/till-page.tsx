import { memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tillTotals, type TillItem, type TillSale } from '../../../../shared/till';
import type { RefusedSale } from '../../../../shared/till-store';
import { Button } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/fields';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { useFormatters } from '../../../lib/use-dates';
import { postTillSale, tillCatalogueQuery, unreached, useTillSettings } from '../api/till';
import { tillShiftQuery } from '../api/till-shifts';
import { useWorkspace } from '../shell/workspace-context';
import { addItem, cartFigures, EMPTY_CART, repriced, saleInput, type TillCart } from './till-cart';
import { TillGrid } from './till-grid';
import { TillCardReturn } from './till-card-return';
import { keepCardSale, takeCardSale } from './till-card-store';
import { TillPayment, type Tender } from './till-payment';
import { tillProblem } from './till-problem';
import { TillReceipt, type TillDone } from './till-receipt';
import { TillShiftBar } from './till-shift';
import { TillTicket } from './till-ticket';
import { useTillQueue } from './use-till-queue';
import styles from './till.module.css';

type Stage = { step: 'build' } | { step: 'pay'; saleKey: string } | { step: 'card'; reference: string } | { step: 'done'; done: TillDone };

/** Refusals after which the grid is read again: what it shows has changed. */
const STALE = ['price_changed', 'item_unavailable', 'out_of_stock', 'till_item_unknown', 'sold_out', 'tier_not_on_sale', 'event_closed'];

/**
 * `workspace/pos`: the till. Tap items into the sale, charge, take the cash and give the change.
 * Online a sale is recorded at once; offline (where the firm allows it) it waits on the device and
 * the banner counts what waits until the connection returns. A card (all of the sale or a part)
 * is taken on the payment provider's step, which comes back here with `cardReference`.
 */
export function TillPage({ cardReference }: { cardReference?: string }) {
  const { t } = useTranslation('workspace-till');
  usePageTitle(t('title'));
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const catalogue = useQuery(tillCatalogueQuery(firmId));
  const shift = useQuery(tillShiftQuery(firmId));
  const queue = useTillQueue(firmId);
  const settings = useTillSettings(firmId);
  const [rungUp, setCart] = useState<TillCart>(EMPTY_CART);
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(cardReference ? { step: 'card', reference: cardReference } : { step: 'build' });
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** The card step's answer: the receipt once paid; given up, the sale is back in the till to take otherwise. */
  const cardSettled = useCallback(
    (sale: TillSale) => {
      const kept = takeCardSale(sale.reference);
      void navigate({ to: '/workspace/pos', search: {}, replace: true });
      if (sale.status === 'paid') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.tillCatalogue(firmId) });
        setStage({
          step: 'done',
          done: kept
            ? { ...kept, sale }
            : { cart: EMPTY_CART, tendered: sale.tenderedMinor, card: sale.cardMinor, soldAt: sale.soldAt, sale },
        });
        return;
      }
      if (kept) setCart(kept.cart);
      setNotice(t('card.cancelled', { reference: sale.reference }));
      setStage({ step: 'build' });
    },
    [firmId, navigate, queryClient, t],
  );

  /** A tap on a tile: one more of it in the sale (the same function every render, so a tile is not drawn again). */
  const add = useCallback((item: TillItem) => {
    setCart((current) => addItem(current, item));
    setStage((current) => (current.step === 'pay' ? { step: 'build' } : current));
  }, []);
  const charge = useCallback(() => {
    setNotice(null);
    setStage({ step: 'pay', saleKey: crypto.randomUUID() });
  }, []);

  const data = catalogue.data;
  // at the grid's prices now: a reload (after a refused sale, or another till's) reprices the lines
  const cart = useMemo(() => (data ? repriced(rungUp, data) : rungUp), [data, rungUp]);

  if (!data) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('title')}</h1>
        {catalogue.isError && (
          <div role="alert" className={styles.banner}>
            <p>{t('loadFailed')}</p>
            <Button size="small" onClick={() => void catalogue.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const canSell = queue.online || data.offlineAllowed;
  const finish = (tendered: number, soldAt: string, sale: TillDone['sale']) => {
    setStage({ step: 'done', done: { cart, tendered, card: 0, soldAt, sale } });
    setCart(EMPTY_CART);
  };

  const complete = async (saleKey: string, { tendered, card }: Tender) => {
    const soldAt = new Date().toISOString();
    if (card > 0 && !queue.online) return setProblem(t('pay.cardOffline'));
    // a seat and a code's use are the server's to give: such a sale is never kept on the device
    const tickets = cart.lines.some((line) => line.item.kind === 'ticket');
    if (tickets && !queue.online) return setProblem(t('problem.tickets_offline'));
    if (cart.promo && !queue.online) return setProblem(t('problem.promo_offline'));
    const onlineOnly = tickets || cart.promo !== null;
    const input = saleInput(cart, {
      saleKey,
      currency: data.currency,
      tenderedMinor: tendered,
      cardMinor: card,
      offline: !queue.online,
      soldAt,
      shiftId: shift.data?.shift?.id ?? null,
    });
    setProblem(null);
    if (!queue.online) {
      if (!data.offlineAllowed) return setProblem(t('offline.off'));
      await queue.enqueue(input);
      return finish(tendered, soldAt, null);
    }
    setWorking(true);
    try {
      const sale = await postTillSale(firmId, input);
      if (sale.cardStepUrl) {
        // to the provider's step (the terminal), which comes back to this page with the reference
        keepCardSale(sale.reference, { cart, tendered, card, soldAt });
        window.location.assign(sale.cardStepUrl);
        return;
      }
      finish(tendered, soldAt, sale);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tillCatalogue(firmId) });
      setWorking(false);
    } catch (error) {
      setWorking(false);
      if (unreached(error) && data.offlineAllowed && card === 0 && !onlineOnly) {
        // the answer may be lost rather than the request: sent again under the same key, it is taken once
        await queue.enqueue({ ...input, offline: true });
        return finish(tendered, soldAt, null);
      }
      const lost = unreached(error) && !(error instanceof ApiError && error.code === 'card_unavailable');
      const lostKey = card > 0 ? 'problem.cardLost' : onlineOnly ? 'problem.unconfirmed' : 'problem.offline';
      setProblem(lost ? t(lostKey) : tillProblem(error, t));
      if (error instanceof ApiError && error.code && STALE.includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.tillCatalogue(firmId) });
      }
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.muted}>{t('lead')}</p>
        </div>
      </header>
      <QueueBanner
        online={queue.online}
        waiting={queue.waiting}
        refused={queue.refused}
        onDismiss={queue.dismiss}
        offlineAllowed={data.offlineAllowed}
        currency={data.currency}
        timezone={firm.timezone}
      />
      <TillShiftBar
        firmId={firmId}
        currency={data.currency}
        timezone={firm.timezone}
        online={queue.online}
        canReadReports={data.canChangeSettings}
      />

      {notice && stage.step === 'build' && (
        <div role="alert" className={`${styles.banner} ${styles.bannerError}`}>
          <p>{notice}</p>
          <Button size="small" onClick={() => setNotice(null)}>
            {t('offline.dismiss')}
          </Button>
        </div>
      )}

      {stage.step === 'card' ? (
        <TillCardReturn
          reference={stage.reference}
          onSettled={cardSettled}
          onLeave={() => {
            void navigate({ to: '/workspace/pos', search: {}, replace: true });
            setStage({ step: 'build' });
          }}
        />
      ) : stage.step === 'done' ? (
        <TillReceipt
          done={stage.done}
          currency={data.currency}
          firmName={firm.name}
          timezone={firm.timezone}
          onNext={() => setStage({ step: 'build' })}
        />
      ) : (
        <div className={styles.layout}>
          <TillGrid catalogue={data} cart={cart} online={queue.online} onAdd={add} />
          {stage.step === 'build' && cart.lines.length > 0 && (
            <a href="#till-sale" className={styles.jump}>
              <span>{t('items', { count: cartFigures(cart).count })}</span>
              <span>{format.money(cartFigures(cart).total, data.currency)}</span>
            </a>
          )}
          {stage.step === 'pay' ? (
            <TillPayment
              total={cartFigures(cart).total}
              currency={data.currency}
              online={queue.online}
              working={working}
              problem={problem}
              onComplete={(tender) => void complete(stage.saleKey, tender)}
              onBack={() => {
                setProblem(null);
                setStage({ step: 'build' });
              }}
            />
          ) : (
            <TillTicket
              firmId={firmId}
              online={queue.online}
              cart={cart}
              currency={data.currency}
              unlimitedDiscounts={data.unlimitedDiscounts}
              canSell={canSell}
              onChange={setCart}
              onCharge={charge}
            />
          )}
        </div>
      )}

      {data.canChangeSettings && (
        <section className={styles.settings}>
          <SwitchRow
            id="till-offline"
            label={t('offline.setting')}
            description={t('offline.settingHelp')}
            checked={data.offlineAllowed}
            disabled={settings.isPending || !queue.online}
            onChange={(checked) => settings.mutateAsync(checked)}
          />
        </section>
      )}
    </div>
  );
}

/** What waits on the device and what the server refused of it; drawn again only when that changes. */
const QueueBanner = memo(function QueueBanner({
  online,
  waiting,
  refused,
  onDismiss,
  offlineAllowed,
  currency,
  timezone,
}: {
  online: boolean;
  waiting: number;
  refused: RefusedSale[];
  onDismiss: (seq: number) => Promise<void>;
  offlineAllowed: boolean;
  currency: string;
  timezone: string;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  return (
    <>
      {!online && (
        <p role="status" className={styles.banner} data-testid="till-offline">
          {waiting > 0 ? t('offline.waiting', { count: waiting }) : offlineAllowed ? t('offline.selling') : t('offline.off')}
        </p>
      )}
      {online && waiting > 0 && (
        <p role="status" className={styles.banner} data-testid="till-sending">
          {t('offline.waitingOnline', { count: waiting })}
        </p>
      )}
      {refused.map((sale) => (
        <div key={sale.seq} role="alert" className={`${styles.banner} ${styles.bannerError}`}>
          <p>
            {t('offline.refused', {
              when: format.dateTime(sale.input.soldAt, timezone),
              total: format.money(tillTotals(sale.input.lines, sale.input.discount).total, currency),
              reason: sale.reason,
            })}
          </p>
          <Button size="small" onClick={() => void onDismiss(sale.seq!)}>
            {t('offline.dismiss')}
          </Button>
        </div>
      ))}
    </>
  );
});
