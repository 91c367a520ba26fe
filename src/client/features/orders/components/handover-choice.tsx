import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Store, Truck } from 'lucide-react';
import { ADDRESS_COUNTRIES } from '../../../../shared/account';
import type { Cart, CartCheckout } from '../../../../shared/cart';
import { chosenHandover, deliveryAddressSchema, handoverFee, type HandoverMethod } from '../../../../shared/fulfilment';
import { ChoiceCards, SelectField } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { fulfilmentOptionsQuery } from '../api/fulfilment-options';
import styles from './orders.module.css';

const ADDRESS_FIELDS = ['recipient', 'line1', 'line2', 'postalCode', 'city', 'phone'] as const;
const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  recipient: 'name',
  line1: 'address-line1',
  line2: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
};
const NO_EVENT = { preventDefault: () => undefined } as FormEvent;

/** What the checkout request adds for the handover. */
type HandoverRequest = Pick<CartCheckout, 'handover' | 'deliveryAddress'>;

/**
 * A cart's handover at checkout: pickup or delivery (only what the firm offers), the delivery
 * address checked by the shared schema, and the fee the total shows (the server adds it too).
 */
export function useHandover(cart: Cart) {
  const { t } = useTranslation('tickets');
  const user = useCurrentUser();
  const needed = cart.lines.some((line) => line.itemType === 'product');
  const options = useQuery({ ...fulfilmentOptionsQuery(cart.firmId), enabled: needed });
  const [chosen, setChosen] = useState<HandoverMethod | undefined>();
  const method = needed && options.data ? chosenHandover(options.data, chosen) : undefined;
  const fee = options.data && method ? handoverFee(options.data, method) : 0;
  const labels = Object.fromEntries([...ADDRESS_FIELDS, 'country'].map((name) => [name, t(`handover.fields.${name}`)]));
  const address = useZodForm(
    deliveryAddressSchema,
    {
      recipient: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      line1: '',
      line2: '',
      postalCode: '',
      city: '',
      country: '',
      phone: '',
    },
    labels,
  );

  /** Calls `send` with the handover, once the delivery address is valid (else its fields show why). */
  const submit = (send: (request: HandoverRequest) => void) => {
    if (method !== 'delivery') return send(method ? { handover: method } : {});
    address.handleSubmit((deliveryAddress) => send({ handover: 'delivery', deliveryAddress }))(NO_EVENT);
  };
  /** The server's word on the address (a postcode outside the zone…) shown on its field. */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    const prefix = 'deliveryAddress.';
    address.applyServerErrors(
      Object.fromEntries(
        Object.entries(error.fieldErrors)
          .filter(([name]) => name.startsWith(prefix))
          .map(([name, list]) => [name.slice(prefix.length), list.map((m) => (m.startsWith('validation.') ? t(`handover.${m}`) : m))]),
      ),
    );
  };
  return {
    needed,
    ready: !needed || Boolean(options.data),
    options: options.data,
    method,
    setMethod: setChosen,
    fee,
    address,
    labels,
    submit,
    showServerErrors,
  };
}
type Handover = ReturnType<typeof useHandover>;

/** The choice and, for a delivery, the address form. */
export function HandoverChoice({ handover, cart }: { handover: Handover; cart: Cart }) {
  const { currency, totalMinor: subtotal } = cart;
  const { t, i18n } = useTranslation('tickets');
  const f = useFormatters();
  const { options, method, address, labels } = handover;
  // the browser's own country names, in the page's language: no list of names to ship
  const countryNames = new Intl.DisplayNames([i18n.language], { type: 'region' });
  if (!options || !method) return null;
  const choices = [
    ...(options.pickup
      ? [
          {
            value: 'pickup' as const,
            label: t('handover.pickup'),
            icon: <Store size={18} />,
            description: (
              <>
                <bdi>{options.pickup.address}</bdi>
                {options.pickup.hours && (
                  <>
                    {' · '}
                    <bdi>{options.pickup.hours}</bdi>
                  </>
                )}
                {options.pickup.preparationMinutes > 0 && (
                  <> · {t('handover.readyAfter', { minutes: options.pickup.preparationMinutes })}</>
                )}
              </>
            ),
          },
        ]
      : []),
    ...(options.delivery
      ? [
          {
            value: 'delivery' as const,
            label: t('handover.delivery', { fee: f.money(options.delivery.feeMinor, currency) }),
            icon: <Truck size={18} />,
            // below its minimum delivery cannot be chosen (its description says the minimum); once chosen, the
            // message under the choices says what is missing
            disabled: method !== 'delivery' && subtotal < options.delivery.minimumMinor,
            description: (
              <>
                {options.delivery.zone && <bdi>{options.delivery.zone}</bdi>}
                {options.delivery.minimumMinor > 0 && (
                  <>
                    {options.delivery.zone && ' · '}
                    {t('handover.minimum', { amount: f.money(options.delivery.minimumMinor, currency) })}
                  </>
                )}
              </>
            ),
          },
        ]
      : []),
  ];
  const belowMinimum = method === 'delivery' && options.delivery && subtotal < options.delivery.minimumMinor;
  return (
    <div className={styles.handover} data-testid="handover">
      <ChoiceCards
        legend={t('handover.legend')}
        name={`handover-${cart.firmId}`}
        value={method}
        options={choices}
        onChange={handover.setMethod}
      />
      {belowMinimum && (
        <p className={styles.problem} role="status">
          {t('handover.belowMinimum', { amount: f.money(options.delivery!.minimumMinor, currency) })}
        </p>
      )}
      {method === 'delivery' && (
        <fieldset className={styles.handoverAddress}>
          <legend>{t('handover.address')}</legend>
          {ADDRESS_FIELDS.map((name) => (
            <TextField
              key={name}
              {...address.field(name)}
              type={name === 'phone' ? 'tel' : 'text'}
              dir={name === 'phone' ? 'ltr' : undefined}
              label={labels[name]}
              error={address.errorOf(name)}
              autoComplete={AUTOCOMPLETE[name]}
            />
          ))}
          <SelectField
            id="field-country"
            name="country"
            label={labels.country}
            value={address.values.country}
            error={address.errorOf('country')}
            autoComplete="country"
            onChange={(event) => address.setValue('country', event.target.value)}
          >
            <option value="">{t('handover.fields.chooseCountry')}</option>
            {ADDRESS_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryNames.of(code) ?? code}
              </option>
            ))}
          </SelectField>
        </fieldset>
      )}
    </div>
  );
}
