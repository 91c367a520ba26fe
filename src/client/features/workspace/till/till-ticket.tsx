import { memo, useCallback, useId, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Minus, Percent, Plus, Trash2 } from 'lucide-react';
import { TILL_DISCOUNT_LIMIT_PERCENT, type TillDiscount } from '../../../../shared/till';
import { PromoCodeField, promoMisfitText } from '../../../components/checkout/promo-code-field';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/fields';
import { useFormatters } from '../../../lib/use-dates';
import { checkTillPromo } from '../api/till';
import { parseMoney, moneyText } from '../ui/money-input';
import { cartFigures, EMPTY_CART, itemKey, lineDiscount, quantityOf, setLineDiscount, setQuantity, type TillCart } from './till-cart';
import styles from './till.module.css';

/**
 * The sale being rung up: its lines with their quantities, a discount, a note, the total and the charge button.
 * Changes come as updates of the sale as it is then (`onChange` is the state's setter), so a line's buttons
 * need not be drawn again when another line changes.
 */
export const TillTicket = memo(function TillTicket({
  firmId,
  cart,
  currency,
  unlimitedDiscounts,
  canSell,
  online,
  onChange,
  onCharge,
}: {
  firmId: string;
  cart: TillCart;
  currency: string;
  unlimitedDiscounts: boolean;
  /** false while the till may not record a sale (offline with offline sales off) */
  canSell: boolean;
  /** a promo code is checked by the server: applied online only */
  online: boolean;
  onChange: Dispatch<SetStateAction<TillCart>>;
  onCharge: () => void;
}) {
  const { t } = useTranslation('workspace-till');
  const { t: tCheckout } = useTranslation('tickets');
  const format = useFormatters();
  const id = useId();
  const figures = cartFigures(cart);
  const money = (minor: number) => format.money(minor, currency);
  const discountBlocked = figures.overLimit && !unlimitedDiscounts;
  const promo = cart.promo;
  const misfit = promo ? promoMisfitText(tCheckout, figures.promoMisfit, money(promo.minOrderMinor)) : null;
  // Updates of the sale as it is when they apply: the same functions every render, so the fields below the lines
  // are not drawn again on each tap of a tile (that draw was most of a tap's time on a slow phone).
  // A code replaces the till's own discounts: applying one takes them off.
  const applyPromo = useCallback(
    (terms: TillCart['promo']) =>
      onChange((current) =>
        terms
          ? { ...current, promo: terms, discount: null, lines: current.lines.map((l) => ({ ...l, discount: null })) }
          : { ...current, promo: null },
      ),
    [onChange],
  );
  const setDiscount = useCallback((discount: TillDiscount | null) => onChange((current) => ({ ...current, discount })), [onChange]);
  const setNote = useCallback(
    (event: ChangeEvent<HTMLTextAreaElement>) => {
      const note = event.target.value;
      onChange((current) => ({ ...current, note }));
    },
    [onChange],
  );
  // the line whose own discount is being edited
  const [discounting, setDiscounting] = useState<string | null>(null);

  return (
    <section id="till-sale" className={styles.ticket} aria-labelledby={`${id}-title`} data-testid="till-ticket">
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('ticket')}
      </h2>
      {cart.lines.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.lines}>
          {cart.lines.map((line) => {
            const key = itemKey(line.item);
            return (
              <TicketLine
                key={key}
                line={line}
                currency={currency}
                withPromo={promo !== null}
                discounting={discounting === key}
                onDiscounting={setDiscounting}
                onChange={onChange}
              />
            );
          })}
        </ul>
      )}

      {/* drawn with the till and only shown with the first line: the first tap need not build it */}
      <div hidden={cart.lines.length === 0} className={styles.ticketBottom}>
        {!promo && (
          <DiscountFields
            legend={t('discount')}
            discount={cart.discount}
            currency={currency}
            error={discountBlocked ? t('discountLimit', { limit: TILL_DISCOUNT_LIMIT_PERCENT }) : undefined}
            onChange={setDiscount}
          />
        )}
        <TillPromoCodeField
          firmId={firmId}
          terms={promo}
          misfit={misfit}
          onTerms={applyPromo}
          checkCode={checkTillPromo}
          disabled={!online}
        />
        <TillNoteField id={`${id}-note`} label={t('note')} rows={2} maxLength={500} value={cart.note} onChange={setNote} />
        <dl className={styles.figures}>
          {figures.discount + figures.promoDiscount > 0 && (
            <>
              <dt>{t('subtotal')}</dt>
              <dd>{money(figures.subtotal)}</dd>
            </>
          )}
          {figures.discount > 0 && (
            <>
              <dt>{t('discount')}</dt>
              <dd>−{money(figures.discount)}</dd>
            </>
          )}
          {promo && figures.promoDiscount > 0 && (
            <>
              <dt>{t('promo', { code: promo.code })}</dt>
              <dd>−{money(figures.promoDiscount)}</dd>
            </>
          )}
          <dt className={styles.totalLabel}>{t('total')}</dt>
          <dd className={styles.total} data-testid="till-total">
            {money(figures.total)}
          </dd>
        </dl>
        <div className={styles.ticketActions}>
          <Button variant="primary" disabled={!canSell || discountBlocked || misfit !== null} onClick={onCharge}>
            {t('charge', { total: money(figures.total) })}
          </Button>
          <Button variant="ghost" onClick={() => onChange(EMPTY_CART)}>
            {t('clear')}
          </Button>
        </div>
      </div>
    </section>
  );
});

/** One line of the sale: its quantity's buttons, its total and its own discount. */
const TicketLine = memo(function TicketLine({
  line,
  currency,
  withPromo,
  discounting,
  onDiscounting,
  onChange,
}: {
  line: TillCart['lines'][number];
  currency: string;
  /** a code is applied: it replaces the lines' own discounts */
  withPromo: boolean;
  discounting: boolean;
  onDiscounting: Dispatch<SetStateAction<string | null>>;
  onChange: Dispatch<SetStateAction<TillCart>>;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const money = (minor: number) => format.money(minor, currency);
  const { item, quantity } = line;
  const key = itemKey(item);
  const off = lineDiscount(line);
  const step = (by: number) => onChange((cart) => setQuantity(cart, item, quantityOf(cart, item) + by));
  return (
    <li className={styles.line}>
      <bdi className={styles.lineName}>{item.name}</bdi>
      <span className={styles.stepper}>
        <Button variant="icon" aria-label={t('less', { name: item.name })} onClick={() => step(-1)}>
          {quantity === 1 ? <Trash2 size={16} aria-hidden="true" /> : <Minus size={16} aria-hidden="true" />}
        </Button>
        <output aria-label={t('quantity', { name: item.name })} className={styles.quantity}>
          {quantity}
        </output>
        <Button variant="icon" aria-label={t('more', { name: item.name })} onClick={() => step(1)}>
          <Plus size={16} aria-hidden="true" />
        </Button>
        {!withPromo && (
          <Button
            variant="icon"
            aria-label={t('lineDiscount', { name: item.name })}
            aria-expanded={discounting}
            onClick={() => onDiscounting((open) => (open === key ? null : key))}
          >
            <Percent size={16} aria-hidden="true" />
          </Button>
        )}
      </span>
      <span className={styles.lineTotal}>
        {money(item.priceMinor * quantity - off)}
        {off > 0 && <small className={styles.lineOff}>−{money(off)}</small>}
      </span>
      {discounting && !withPromo && (
        <div className={styles.lineDiscount}>
          <DiscountFields
            legend={t('lineDiscount', { name: item.name })}
            discount={line.discount}
            currency={currency}
            onChange={(discount) => onChange((cart) => setLineDiscount(cart, item, discount))}
          />
        </div>
      )}
    </li>
  );
});

/** The sale's promo code: drawn again only when the code, its fit or the connection changes. */
const TillPromoCodeField = memo(PromoCodeField);

/** The sale's note for the kitchen and the receipt: drawn again only when it changes. */
const TillNoteField = memo(TextAreaField);

const DiscountFields = memo(function DiscountFields({
  legend,
  discount,
  currency,
  error,
  onChange,
}: {
  legend: string;
  discount: TillDiscount | null;
  currency: string;
  error?: string;
  onChange: (discount: TillDiscount | null) => void;
}) {
  const { t } = useTranslation('workspace-till');
  const id = useId();
  const kind = discount?.kind ?? 'none';
  const shownValue = !discount ? '' : discount.kind === 'percent' ? String(discount.value) : moneyText(discount.value, currency);
  const change = (nextKind: string, text: string) => {
    if (nextKind === 'none') return onChange(null);
    const value = nextKind === 'percent' ? Math.trunc(Number(text)) : parseMoney(text, currency);
    // nothing typed yet, or not a number: the kind is kept with no value until one is typed
    if (!Number.isFinite(value) || value <= 0)
      return onChange(nextKind === 'percent' ? { kind: 'percent', value: 0 } : { kind: 'amount', value: 0 });
    onChange(nextKind === 'percent' ? { kind: 'percent', value: Math.min(100, value) } : { kind: 'amount', value });
  };
  return (
    <fieldset className={styles.discount}>
      <legend className={styles.legend}>{legend}</legend>
      <SelectField id={`${id}-kind`} label={t('discountKind')} value={kind} onChange={(event) => change(event.target.value, shownValue)}>
        <option value="none">{t('noDiscount')}</option>
        <option value="percent">{t('percent')}</option>
        <option value="amount">{t('amount')}</option>
      </SelectField>
      {kind !== 'none' && (
        <label className={styles.discountValue}>
          <span>{t('discountValue')}</span>
          <input
            inputMode="decimal"
            className={styles.search}
            defaultValue={shownValue === '0' || shownValue === moneyText(0, currency) ? '' : shownValue}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => change(kind, event.target.value)}
          />
        </label>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
});
