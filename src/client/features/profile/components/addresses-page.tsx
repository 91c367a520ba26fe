import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { ADDRESS_COUNTRIES, ADDRESSES_MAX, addressInputSchema, type Address } from '../../../../shared/account';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { Button } from '../../../components/ui/button';
import { SelectField, SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm-store';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { addressesQuery, useRemoveAddress, useSaveAddress } from '../api/account';
import formLayout from '../../../components/ui/form.module.css';
import styles from './settings.module.css';

const textSchema = addressInputSchema.omit({ isDefault: true });
const TEXT_FIELDS = ['label', 'recipient', 'line1', 'line2', 'city', 'postalCode', 'phone'] as const;
const AUTOCOMPLETE: Record<(typeof TEXT_FIELDS)[number], string> = {
  label: 'off',
  recipient: 'name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postalCode: 'postal-code',
  phone: 'tel',
};

/** `/profile/addresses`: where shop orders can be delivered; validated on the server with the same schema. */
export function AddressesPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const list = useQuery({ ...addressesQuery(user?.id ?? ''), enabled: Boolean(user) });
  const remove = useRemoveAddress(user?.id ?? '');
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  if (!list.data) {
    return (
      <SubPage title={t('addresses.title')}>
        <PageSpinner />
      </SubPage>
    );
  }
  const full = list.data.length >= ADDRESSES_MAX;
  const ask = async (address: Address) => {
    if (await confirm({ message: t('addresses.removeConfirm', { line: address.line1 }), okText: t('addresses.remove'), danger: true })) {
      remove.mutate(address.id, { onSuccess: () => toast.success(t('addresses.removed')) });
    }
  };
  return (
    <SubPage
      title={t('addresses.title')}
      intro={t('addresses.subtitle')}
      actions={
        editing === null && !full ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            <Plus size={18} aria-hidden="true" />
            {t('addresses.add')}
          </Button>
        ) : undefined
      }
    >
      {editing !== null && <AddressForm address={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      {list.data.length === 0 && editing === null ? (
        <NoData message={t('addresses.empty')} />
      ) : (
        <ul className={styles.plainList}>
          {list.data.map((address) => (
            <li key={address.id} className={styles.linkRow} data-testid="address">
              <MapPin size={22} aria-hidden="true" />
              <span className={styles.linkText}>
                <span className={styles.linkLabel}>
                  {address.label || address.recipient}
                  {address.isDefault && <span className={styles.badge}> · {t('addresses.default')}</span>}
                </span>
                <span className={styles.linkHint}>
                  {[
                    address.recipient,
                    address.line1,
                    address.line2,
                    `${address.postalCode} ${address.city}`,
                    t(`addresses.countries.${address.country}`),
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </span>
              <Button variant="ghost" onClick={() => setEditing(address)} aria-label={t('addresses.edit', { line: address.line1 })}>
                <Pencil size={18} aria-hidden="true" />
              </Button>
              <Button variant="ghost" onClick={() => void ask(address)} aria-label={t('addresses.removeLabel', { line: address.line1 })}>
                <Trash2 size={18} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {full && <p className={styles.linkHint}>{t('addresses.full', { count: ADDRESSES_MAX })}</p>}
    </SubPage>
  );
}

function AddressForm({ address, onDone }: { address?: Address; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const save = useSaveAddress(user?.id ?? '');
  const labels = Object.fromEntries([...TEXT_FIELDS, 'country'].map((name) => [name, t(`addresses.fields.${name}`)]));
  const form = useZodForm(
    textSchema,
    {
      label: address?.label ?? '',
      recipient: address?.recipient ?? (user ? `${user.firstName} ${user.lastName}` : ''),
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      postalCode: address?.postalCode ?? '',
      country: address?.country ?? '',
      phone: address?.phone ?? '',
    },
    labels,
  );
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const submit = form.handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: address?.id, input: { ...data, isDefault } });
      toast.success(t('addresses.saved'));
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError && form.applyServerErrors(error.fieldErrors))) {
        toast.error(error instanceof Error ? error.message : t('addresses.failed'));
      }
    }
  });
  return (
    <Panel title={address ? t('addresses.editTitle') : t('addresses.addTitle')}>
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
        {TEXT_FIELDS.filter((name) => name !== 'postalCode' && name !== 'city' && name !== 'phone').map((name) => (
          <TextField key={name} {...form.field(name)} label={labels[name]} error={form.errorOf(name)} autoComplete={AUTOCOMPLETE[name]} />
        ))}
        <div className={formLayout.row}>
          <TextField
            {...form.field('postalCode')}
            label={labels.postalCode}
            error={form.errorOf('postalCode')}
            autoComplete="postal-code"
          />
          <TextField {...form.field('city')} label={labels.city} error={form.errorOf('city')} autoComplete="address-level2" />
        </div>
        <SelectField
          id="field-country"
          name="country"
          label={labels.country}
          value={form.values.country}
          error={form.errorOf('country')}
          autoComplete="country"
          onChange={(event) => form.setValue('country', event.target.value)}
        >
          <option value="">{t('addresses.chooseCountry')}</option>
          {ADDRESS_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {t(`addresses.countries.${code}`)}
            </option>
          ))}
        </SelectField>
        <TextField {...form.field('phone')} type="tel" dir="ltr" label={labels.phone} error={form.errorOf('phone')} autoComplete="tel" />
        <SwitchRow id="address-default" label={t('addresses.makeDefault')} checked={isDefault} onChange={setIsDefault} />
        <div className={styles.formActions}>
          <Button onClick={onDone}>{t('addresses.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {t('addresses.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
