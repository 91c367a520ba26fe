import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Minus, Plus, WifiOff, X } from 'lucide-react';
import { tierSale, type EventDetail, type TicketCategory } from '../../../../shared/events';
import type { Person } from '../../../../shared/people';
import { ADDON_QUANTITY_MAX, ADDON_QUANTITY_MIN } from '../../../../shared/limits';
import {
  purchaseFormSchema,
  purchaseSummary,
  submittedAddons,
  summaryLabel,
  type PurchaseAddon,
  type TicketCheckout,
} from '../../../../shared/purchase';
import { Button } from '../../../components/ui/button';
import { FriendPicker } from '../../../components/checkout/friend-picker';
import { PromoCodeField, promoMisfitText } from '../../../components/checkout/promo-code-field';
import { promoOutcome, type PromoTerms } from '../../../../shared/promotions';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { checkoutMessage, checkoutProblem, goToPaymentStep, newIdempotencyKey } from '../../../lib/checkout';
import { useNetworkStore } from '../../../lib/network-status';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { useCheckoutTickets } from '../api/checkout-tickets';
import { myWaitlistQuery } from '../api/waitlist';
import { TierWaitlist } from './tier-waitlist';
import styles from './purchase-form.module.css';

interface PurchaseFormProps {
  event: EventDetail;
  /** the tier whose 'Get Tickets' opened the form */
  categoryId: string;
  onCancel: () => void;
}

/**
 * The ticket purchase form: the tier dropdown and the chosen tier's
 * title, 'Buy to people…' with a chip per holder (the buyer first), add-ons from 0 to 10, the
 * summary (lines above 0, 'x qty' above 1, the Total) in the event's currency, Cancel and Proceed
 * (disabled while the form is invalid). Proceed holds the seats and goes to the payment step;
 * a refusal shows its reason here, in the user's language. Loaded only when someone buys.
 * A sold-out tier offers its waitlist instead; a waitlist offer the member holds on a tier counts
 * its held seats as theirs to buy until it ends.
 */
export default function PurchaseForm({ event, categoryId: initialCategory, onCancel }: PurchaseFormProps) {
  const { t } = useTranslation('tickets');
  const f = useFormatters();
  const id = useId();
  const user = useCurrentUser();
  const online = useNetworkStore((state) => state.online);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useCheckoutTickets();
  const me = useMemo<Person | null>(
    () => (user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), flip: user.flip, imagePath: user.imagePath } : null),
    [user],
  );
  const [categoryId, setCategoryId] = useState(initialCategory);
  const [holders, setHolders] = useState<Person[]>(me ? [me] : []);
  const [addons, setAddons] = useState<PurchaseAddon[]>(() => event.addons.map((a) => ({ addonId: a.addonId, quantity: 0 })));
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // the sales windows are judged at the time the form opened; the server judges again at checkout
  const [openedAt] = useState(() => new Date());

  const waitlist = useQuery({ ...myWaitlistQuery(user?.id ?? '', event.id), enabled: user !== null });
  const entryOf = (id: string) => waitlist.data?.entries.find((e) => e.categoryId === id);
  const offered = (id: string) => {
    const entry = entryOf(id);
    return entry?.status === 'offered' ? entry.quantity : 0;
  };
  const category = event.ticketCategories.find((c) => c.id === categoryId);
  const available = category ? category.available + offered(category.id) : 0;
  const holderIds = holders.map((h) => h.id);
  const valid = purchaseFormSchema.safeParse({ categoryId, friend: '', holderIds, addons }).success;
  const onSale = category !== undefined && tierSale(category, openedAt) === 'on_sale';
  const overLimit = category !== undefined && category.maxPerOrder !== null && holders.length > category.maxPerOrder;
  const notEnough = category !== undefined && available < holders.length;
  const blocked = !valid || !onSale || overLimit || notEnough;
  /** Why a tier is not offered now, or null when it is on sale. */
  const notOnSale = (c: TicketCategory): string | null => {
    const sale = tierSale(c, openedAt);
    if (sale === 'not_yet') return t('form.onSaleFrom', { date: f.dateTime(c.salesStart!, event.timezone) });
    if (sale === 'ended') return t('form.salesEnded');
    return null;
  };
  const summary = purchaseSummary(category, holders.length, event.addons, addons);
  const money = (minor: number) => f.money(minor, event.currency);
  const [promo, setPromo] = useState<PromoTerms | null>(null);
  // the lines as the server prices them: the tier's tickets, then each add-on
  const promoLines = [
    { kind: 'ticket', itemId: categoryId, eventId: event.id, amount: (category?.price ?? 0) * holders.length },
    ...event.addons.map((a) => ({
      kind: 'addon',
      itemId: a.addonId,
      eventId: event.id,
      amount: a.price * (addons.find((q) => q.addonId === a.addonId)?.quantity ?? 0),
    })),
  ];
  const outcome = promo ? promoOutcome(promo, promoLines, event.currency) : null;
  const discount = outcome?.discount ?? 0;
  const total = summary.total - discount;

  const changed = () => setProblem(null);
  const setQuantity = (addonId: string, quantity: number) => {
    const clamped = Math.min(ADDON_QUANTITY_MAX, Math.max(ADDON_QUANTITY_MIN, Math.round(quantity) || 0));
    setAddons((current) => current.map((a) => (a.addonId === addonId ? { ...a, quantity: clamped } : a)));
    changed();
  };

  const proceed = () => {
    if (blocked || !online || checkout.isPending) return;
    const body: TicketCheckout = {
      eventId: event.id,
      categoryId,
      holderIds,
      addons: submittedAddons(addons),
      expectedTotal: total,
      currency: event.currency,
      ...(promo && discount > 0 ? { promoCode: promo.code } : {}),
    };
    // the same purchase sent again (a retry after a lost answer) keeps its key: never a second order
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
    setProblem(null);
    checkout.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (answer) => {
          if (answer.redirectUrl) goToPaymentStep(answer.redirectUrl);
          else void navigate({ to: '/profile/orders/$reference', params: { reference: answer.order.reference } });
        },
        onError: (error) => {
          setProblem(checkoutMessage(error, t));
          const code = checkoutProblem(error);
          // prices or places changed: show the event as it is now
          if (code === 'price_changed' || code === 'sold_out' || code === 'event_closed') {
            void queryClient.invalidateQueries({ queryKey: queryKeys.event(event.shortId) });
          }
        },
      },
    );
  };

  if (category && available === 0 && user) {
    // the member's place on the list decides between joining and the offer's purchase
    if (waitlist.isPending) return null;
    return <TierWaitlist userId={user.id} eventId={event.id} category={category} entry={entryOf(category.id)} onCancel={onCancel} />;
  }

  const offer = category ? entryOf(category.id) : undefined;
  return (
    <form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      data-testid="purchase-form"
      onSubmit={(e) => {
        e.preventDefault();
        proceed();
      }}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {t('form.title')}
      </h2>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-tier`}>
          {t('form.tier')}
        </label>
        <select
          id={`${id}-tier`}
          name="categoryId"
          className={styles.select}
          value={categoryId}
          required
          onChange={(e) => {
            setCategoryId(e.target.value);
            changed();
          }}
        >
          {event.ticketCategories.map((c) => {
            const closed = notOnSale(c);
            return (
              <option key={c.id} value={c.id} disabled={c.available + offered(c.id) === 0 || closed !== null}>
                {closed
                  ? `${c.name} (${closed})`
                  : c.available + offered(c.id) === 0
                    ? t('form.tierSoldOut', { name: c.name })
                    : `${c.name} · ${money(c.price)}`}
              </option>
            );
          })}
        </select>
        {category && (
          <div className={styles.tier} data-testid="selected-tier">
            <p className={styles.tierName} dir="auto">
              {category.name}
            </p>
            {category.description && (
              <p className={styles.muted} dir="auto">
                {category.description}
              </p>
            )}
            {offer?.status === 'offered' && offer.offeredUntil ? (
              <p className={styles.scarce} data-testid="waitlist-offer">
                {t('waitlist.offer', { count: offer.quantity, until: f.dateTime(offer.offeredUntil, event.timezone) })}
              </p>
            ) : (
              onSale && available <= 20 && <p className={styles.scarce}>{t('form.left', { count: available })}</p>
            )}
            {!onSale && (
              <p className={styles.error} data-testid="tier-not-on-sale">
                {notOnSale(category)}
              </p>
            )}
            {category.maxPerOrder !== null && <p className={styles.muted}>{t('form.maxPerOrder', { count: category.maxPerOrder })}</p>}
          </div>
        )}
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>{t('form.holders')}</legend>
        <ul className={styles.chips} aria-label={t('form.holders')}>
          {holders.map((holder) => (
            <li key={holder.id} className={styles.chip} data-testid="holder-chip">
              <PersonAvatar name={holder.name} imagePath={holder.imagePath} size={28} />
              <span dir="auto">{holder.id === me?.id ? t('form.you', { name: holder.name }) : holder.name}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('form.removeHolder', { name: holder.name })}
                onClick={() => {
                  setHolders((current) => current.filter((h) => h.id !== holder.id));
                  changed();
                }}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        {user && (
          <FriendPicker
            userId={user.id}
            excludeIds={holderIds}
            label={t('form.addPeople')}
            placeholder={t('form.buyToPeople')}
            onPick={(person) => {
              setHolders((current) => (current.some((h) => h.id === person.id) ? current : [...current, person]));
              changed();
            }}
          />
        )}
        {holders.length === 0 && <p className={styles.error}>{t('form.needHolder')}</p>}
      </fieldset>

      {event.addons.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>{t('form.addons')}</legend>
          <ul className={styles.addons}>
            {event.addons.map((addon) => {
              const quantity = addons.find((a) => a.addonId === addon.addonId)?.quantity ?? 0;
              return (
                <li key={addon.addonId} className={styles.addon}>
                  <div>
                    <p className={styles.addonName} dir="auto">
                      {addon.name}
                    </p>
                    <p className={styles.muted}>{money(addon.price)}</p>
                  </div>
                  <div className={styles.stepper}>
                    <button
                      type="button"
                      className={styles.step}
                      aria-label={t('form.less', { name: addon.name })}
                      disabled={quantity <= ADDON_QUANTITY_MIN}
                      onClick={() => setQuantity(addon.addonId, quantity - 1)}
                    >
                      <Minus size={16} aria-hidden="true" />
                    </button>
                    <input
                      type="number"
                      inputMode="numeric"
                      className={styles.quantity}
                      aria-label={t('form.quantity', { name: addon.name })}
                      min={ADDON_QUANTITY_MIN}
                      max={ADDON_QUANTITY_MAX}
                      step={1}
                      value={quantity}
                      onChange={(e) => setQuantity(addon.addonId, Number(e.target.value))}
                    />
                    <button
                      type="button"
                      className={styles.step}
                      aria-label={t('form.more', { name: addon.name })}
                      disabled={quantity >= ADDON_QUANTITY_MAX}
                      onClick={() => setQuantity(addon.addonId, quantity + 1)}
                    >
                      <Plus size={16} aria-hidden="true" />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      <section className={styles.summary} aria-labelledby={`${id}-summary`}>
        <h3 id={`${id}-summary`} className={styles.label}>
          {t('form.summary')}
        </h3>
        <dl className={styles.lines} data-testid="purchase-summary">
          {summary.items.map((item) => (
            <div key={item.label} className={styles.line}>
              <dt dir="auto">{summaryLabel(item)}</dt>
              <dd>{money(item.unitPrice * item.qty)}</dd>
            </div>
          ))}
          {promo && discount > 0 && (
            <div className={styles.line} data-testid="purchase-discount">
              <dt dir="auto">{t('promo.discount', { code: promo.code })}</dt>
              <dd>{money(-discount)}</dd>
            </div>
          )}
          <div className={`${styles.line} ${styles.total}`}>
            <dt>{t('form.total')}</dt>
            <dd data-testid="purchase-total">{money(total)}</dd>
          </div>
        </dl>
      </section>

      <PromoCodeField
        firmId={event.firmId}
        terms={promo}
        misfit={promoMisfitText(t, outcome?.misfit ?? null, promo ? money(promo.minOrderMinor) : '')}
        onTerms={(terms) => {
          setPromo(terms);
          changed();
        }}
      />

      {notEnough && category && <p className={styles.error}>{t('form.notEnough', { count: available })}</p>}
      {overLimit && category && <p className={styles.error}>{t('form.overLimit', { count: category.maxPerOrder! })}</p>}
      {problem && (
        <p className={styles.problem} role="alert" data-testid="purchase-problem">
          {problem}
        </p>
      )}
      {!online && (
        <p className={styles.offline} role="status">
          <WifiOff size={18} aria-hidden="true" /> {t('form.needsConnection')}
        </p>
      )}
      <p className={styles.muted}>{total > 0 ? t('form.holdNote') : t('form.freeNote')}</p>

      <div className={styles.actions}>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={blocked || !online || checkout.isPending}>
          {checkout.isPending ? t('form.proceeding') : t('form.proceed')}
        </Button>
      </div>
    </form>
  );
}
