import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fulfilmentSettingsSchema, type FulfilmentSettingsAnswer } from '../../../../shared/fulfilment';
import { Button } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { fulfilmentSettingsQuery, useSaveFulfilment } from '../api/fulfilment';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { minorToText, textToMinor } from '../ui/money';
import ui from '../ui/workspace-ui.module.css';
import styles from './shop.module.css';

/** What the form holds: the settings as typed (numbers and lists as text until saved). */
type Draft = {
  pickup: boolean;
  address: string;
  hours: string;
  preparation: string;
  delivery: boolean;
  zone: string;
  postcodes: string;
  fee: string;
  minimum: string;
};
type Field = Exclude<keyof Draft, 'pickup' | 'delivery'>;

/** the settings' paths, as the schema and the server name them, to the form's fields */
const FIELD_OF: Record<string, Field> = {
  'pickup.address': 'address',
  'pickup.hours': 'hours',
  'pickup.preparationMinutes': 'preparation',
  'delivery.zone': 'zone',
  'delivery.postcodes': 'postcodes',
  'delivery.feeMinor': 'fee',
  'delivery.minimumMinor': 'minimum',
};

function draftOf({ settings, currency }: FulfilmentSettingsAnswer): Draft {
  return {
    pickup: settings.pickup.enabled,
    address: settings.pickup.address,
    hours: settings.pickup.hours,
    preparation: String(settings.pickup.preparationMinutes),
    delivery: settings.delivery.enabled,
    zone: settings.delivery.zone,
    postcodes: settings.delivery.postcodes.join(', '),
    fee: minorToText(settings.delivery.feeMinor, currency),
    minimum: minorToText(settings.delivery.minimumMinor, currency),
  };
}

const settingsOf = (draft: Draft, currency: string) => ({
  pickup: {
    enabled: draft.pickup,
    address: draft.address,
    hours: draft.hours,
    preparationMinutes: draft.preparation.trim() === '' ? 0 : Number(draft.preparation),
  },
  delivery: {
    enabled: draft.delivery,
    zone: draft.zone,
    postcodes: draft.postcodes
      .split(/[,;\n]/)
      .map((code) => code.trim())
      .filter(Boolean),
    feeMinor: textToMinor(draft.fee, currency) ?? 0,
    minimumMinor: textToMinor(draft.minimum, currency) ?? 0,
  },
});

/** The shop's pickup and local delivery, on the shop page of those who may edit the business. */
export function FulfilmentPanel({ firmId }: { firmId: string }) {
  const settings = useQuery(fulfilmentSettingsQuery(firmId));
  if (!settings.data) return null;
  return <FulfilmentForm firmId={firmId} answer={settings.data} />;
}

function FulfilmentForm({ firmId, answer }: { firmId: string; answer: FulfilmentSettingsAnswer }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const save = useSaveFulfilment(firmId);
  const [draft, setDraft] = useState(() => draftOf(answer));
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [saved, setSaved] = useState(false);
  const label = (field: Field) => t(`fulfilment.${field}`);
  const set = (change: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...change }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fulfilmentSettingsSchema.safeParse(settingsOf(draft, answer.currency));
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[issue.path.slice(0, 2).join('.')] ?? 'zone';
        found[field] ??= messages.ofIssue(issue, label(field), draft[field]);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (next) => {
        setDraft(draftOf(next));
        setSaved(true);
      },
      onError: (error) => setErrors({ form: messages.problem(error) }),
    });
  };

  const field = (name: Field, extra: { hint?: string; inputMode?: 'numeric' | 'decimal'; placeholder?: string } = {}) => (
    <TextField
      id={`fulfilment-${name}`}
      label={label(name)}
      value={draft[name]}
      error={errors[name]}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `fulfilment-${name}-error` : undefined}
      onChange={(event) => set({ [name]: event.target.value })}
      {...extra}
    />
  );

  return (
    <form className={`${ui.panel} ${styles.fulfilment}`} onSubmit={submit} noValidate aria-labelledby="fulfilment-title">
      <h2 id="fulfilment-title" className={styles.fulfilmentTitle}>
        {t('fulfilment.title')}
      </h2>
      <p className={ui.lead}>{t('fulfilment.lead')}</p>
      <SwitchRow id="fulfilment-pickup" label={t('fulfilment.pickup')} checked={draft.pickup} onChange={(pickup) => set({ pickup })} />
      {draft.pickup && (
        <div className={styles.fulfilmentFields}>
          {field('address', { placeholder: answer.firmAddress, hint: t('fulfilment.addressHint') })}
          {field('hours', { hint: t('fulfilment.hoursHint') })}
          {field('preparation', { inputMode: 'numeric' })}
        </div>
      )}
      <SwitchRow
        id="fulfilment-delivery"
        label={t('fulfilment.delivery')}
        checked={draft.delivery}
        onChange={(delivery) => set({ delivery })}
      />
      {draft.delivery && (
        <div className={styles.fulfilmentFields}>
          {field('zone')}
          {field('postcodes', { hint: t('fulfilment.postcodesHint') })}
          {field('fee', { inputMode: 'decimal' })}
          {field('minimum', { inputMode: 'decimal' })}
        </div>
      )}
      {errors.form && (
        <p className={ui.errorBox} role="alert">
          {errors.form}
        </p>
      )}
      <div className={styles.fulfilmentActions}>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('fulfilment.save')}
        </Button>
        <span role="status">{saved ? t('fulfilment.saved') : ''}</span>
      </div>
    </form>
  );
}
