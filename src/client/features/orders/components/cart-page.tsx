import { useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Minus, Plus, ShoppingBag, Trash2, WifiOff } from 'lucide-react';
import { CART_MAX_QUANTITY, type Cart, type CartLine } from '../../../../shared/cart';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { CardImage } from '../../../components/ui/card-image';
import { PromoCodeField, promoMisfitText } from '../../../components/checkout/promo-code-field';
import { promoOutcome, type PromoTerms } from '../../../../shared/promotions';
import { checkoutMessage, checkoutProblem, goToPaymentStep, newIdempotencyKey } from '../../../lib/checkout';
import { useNetworkStore } from '../../../lib/network-status';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { cartsQuery, useSetCartItem } from '../api/cart';
import { useCheckoutCart } from '../api/checkout-cart';
import { HandoverChoice, useHandover } from './handover-choice';
import { counterOffered, DishOrderFields, type DishPayment } from './dish-order-fields';
import { useTableVisit } from '../../../lib/table-visit';
import { useOrderingClosed } from '../ordering-hours';
import { OrderingClosedNote } from './ordering-closed-note';
import styles from './orders.module.css';

/** `/profile/cart`: one cart per firm; quantities; ordering a cart goes through the same order and payment flow as tickets. */
export function CartPage() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('cart.title'));
  const user = useCurrentUser();
  const carts = useQuery({ ...cartsQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user || !carts.data) return <PageSpinner />;
  return (
    <section className={styles.page}>
      <h1>{t('cart.title')}</h1>
      {carts.data.carts.length === 0 ? (
        <NoData icon={ShoppingBag} message={t('cart.empty')} />
      ) : (
        carts.data.carts.map((cart) => <FirmCart key={cart.firmId} cart={cart} userId={user.id} readAt={carts.dataUpdatedAt} />)
      )}
    </section>
  );
}

/** A line's name for screen readers: "T-shirt — Size L" when it is a variant. */
const lineName = (line: CartLine) => (line.variantName ? `${line.name} — ${line.variantName}` : line.name);

function FirmCart({ cart, userId, readAt }: { cart: Cart; userId: string; readAt: number }) {
  const { t } = useTranslation('tickets');
  const f = useFormatters();
  const online = useNetworkStore((state) => state.online);
  const queryClient = useQueryClient();
  const setItem = useSetCartItem(userId);
  const checkout = useCheckoutCart();
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const handover = useHandover(cart);
  const [promo, setPromo] = useState<PromoTerms | null>(null);
  const navigate = useNavigate();
  const table = useTableVisit(cart.firmId);
  const [note, setNote] = useState('');
  const [payment, setPayment] = useState<DishPayment>('now');
  const atCounter = payment === 'counter' && counterOffered(cart, table);
  const outcome = promo
    ? promoOutcome(
        promo,
        cart.lines.map((line) => ({ kind: line.itemType, itemId: line.itemId, eventId: null, amount: line.unitPrice * line.quantity })),
        cart.currency,
      )
    : null;
  const discount = outcome?.discount ?? 0;
  const total = cart.totalMinor - discount + handover.fee;
  // dishes wait for the firm to open; a cart of goods alone keeps no hours
  const closed = useOrderingClosed(
    cart.lines.some((line) => line.itemType === 'menu_item') ? cart.openingHours : [],
    cart.timezone,
    readAt,
  );
  const blocked = cart.lines.some((line) => !line.available) || !handover.ready || closed !== null;

  const change = (line: CartLine, quantity: number) => {
    setProblem(null);
    setItem.mutate(
      { itemType: line.itemType, itemId: line.itemId, variantId: line.variantId, quantity },
      { onError: (error) => setProblem(checkoutMessage(error, t)) },
    );
  };
  const order = () =>
    handover.submit((request) => {
      const fingerprint = JSON.stringify([total, request, promo?.code, note.trim(), table?.token, atCounter]);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
      setProblem(null);
      checkout.mutate(
        {
          firmId: cart.firmId,
          expectedTotal: total,
          currency: cart.currency,
          idempotencyKey: attempt.current.key,
          ...request,
          ...(promo && discount > 0 ? { promoCode: promo.code } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(table ? { tableToken: table.token } : {}),
          ...(atCounter ? { payAtCounter: true } : {}),
        },
        {
          onSuccess: (answer) => {
            if (answer.redirectUrl) goToPaymentStep(answer.redirectUrl);
            // nothing to pay online (at the counter, or free): the order's page follows it
            else void navigate({ to: '/profile/orders/$reference', params: { reference: answer.order.reference } });
          },
          onError: (error) => {
            setProblem(checkoutMessage(error, t));
            handover.showServerErrors(error);
            if (checkoutProblem(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.carts(userId) });
          },
        },
      );
    });

  return (
    <section className={styles.cart} aria-labelledby={`cart-${cart.firmId}`} data-testid="cart">
      <h2 id={`cart-${cart.firmId}`} className={styles.sectionTitle}>
        <Link to="/$username" params={{ username: cart.firmUsername }} dir="auto">
          {cart.firmName}
        </Link>
      </h2>
      <ul className={styles.cartLines}>
        {cart.lines.map((line) => (
          <li key={`${line.itemType}-${line.itemId}-${line.variantId ?? ''}`} className={styles.cartLine}>
            <span className={styles.cartImage}>
              <CardImage image={line} aspect="1 / 1" sizes="64px" size="small" />
            </span>
            <div className={styles.cartText}>
              <strong dir="auto">{line.name}</strong>
              {line.variantName && (
                <span className={styles.variant} dir="auto">
                  {line.variantName}
                </span>
              )}
              <span className={styles.muted}>{f.money(line.unitPrice, cart.currency)}</span>
              {!line.available && <span className={styles.voided}>{t('cart.unavailable')}</span>}
              {line.available && line.stockLeft !== null && line.stockLeft <= 5 && (
                <span className={styles.scarce}>{t('cart.left', { count: line.stockLeft })}</span>
              )}
            </div>
            <div className={styles.stepper}>
              <button
                type="button"
                className={styles.step}
                aria-label={t('form.less', { name: lineName(line) })}
                disabled={setItem.isPending || !online}
                onClick={() => change(line, line.quantity - 1)}
              >
                {line.quantity > 1 ? <Minus size={16} aria-hidden="true" /> : <Trash2 size={16} aria-hidden="true" />}
              </button>
              <span className={styles.quantity} aria-label={t('form.quantity', { name: lineName(line) })}>
                {line.quantity}
              </span>
              <button
                type="button"
                className={styles.step}
                aria-label={t('form.more', { name: lineName(line) })}
                disabled={
                  setItem.isPending ||
                  !online ||
                  line.quantity >= CART_MAX_QUANTITY ||
                  (line.stockLeft !== null && line.quantity >= line.stockLeft)
                }
                onClick={() => change(line, line.quantity + 1)}
              >
                <Plus size={16} aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <HandoverChoice handover={handover} cart={cart} />
      <DishOrderFields cart={cart} table={table} note={note} onNote={setNote} payment={payment} onPayment={setPayment} />
      <PromoCodeField
        firmId={cart.firmId}
        terms={promo}
        misfit={promoMisfitText(t, outcome?.misfit ?? null, promo ? f.money(promo.minOrderMinor, cart.currency) : '')}
        onTerms={(terms) => {
          setPromo(terms);
          setProblem(null);
        }}
      />
      {discount > 0 && promo && (
        <p className={styles.line} data-testid="cart-discount">
          <span dir="auto">{t('promo.discount', { code: promo.code })}</span>
          <span>{f.money(-discount, cart.currency)}</span>
        </p>
      )}
      {handover.fee > 0 && (
        <p className={styles.line}>
          <span>{t('handover.fee')}</span>
          <span data-testid="delivery-fee">{f.money(handover.fee, cart.currency)}</span>
        </p>
      )}
      <p className={`${styles.line} ${styles.totalLine}`}>
        <span>{t('form.total')}</span>
        <span>{f.money(total, cart.currency)}</span>
      </p>
      {closed && <OrderingClosedNote text={closed} />}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {!online && (
        <p className={styles.offlineNote} role="status">
          <WifiOff size={18} aria-hidden="true" /> {t('form.needsConnection')}
        </p>
      )}
      <div className={styles.detailActions}>
        <Button variant="primary" onClick={order} disabled={!online || blocked || checkout.isPending}>
          {atCounter ? t('table.send') : t('cart.order', { amount: f.money(total, cart.currency) })}
        </Button>
      </div>
    </section>
  );
}
