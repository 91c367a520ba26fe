import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { EVENT_LIMITS } from '../../../../shared/owner-events';
import { IconButton } from '../../../components/ui/icon-button';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import { confirm } from '../../../lib/confirm-store';
import { toast } from '../../../lib/toast-store';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import { TextAreaField } from '../ui/form-controls';
import { MoneyInput } from '../ui/money-input';
import type { FieldErrors } from './event-editor-page';
import type { AddonValues, TierValues } from './event-form-values';
import { useDeleteTier } from './events-api';
import contentUi from '../ui/content-editor.module.css';
import styles from './events.module.css';

const withoutPrefix = (errors: FieldErrors, prefix: string) =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith(prefix)));

/**
 * The ticket categories: name, description, price, capacity and
 * sales window each. A saved category is deleted on the server at once (it refuses, 409, once
 * tickets of it are sold: the page says why beside it); a new one just leaves the form.
 */
export function TierCards({
  tiers,
  currency,
  errors,
  readOnly,
  onChange,
  onErrors,
  onDeleted,
}: {
  tiers: TierValues[];
  currency: string;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (tiers: TierValues[]) => void;
  onErrors: (update: (errors: FieldErrors) => FieldErrors) => void;
  /** a saved category the server deleted */
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const workspace = useWorkspace();
  const deleteTier = useDeleteTier(workspace.firmId);
  const update = (index: number, patch: Partial<TierValues>) => {
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)));
    onErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[`ticketCategories.${index}.${field}`];
      return next;
    });
  };
  const remove = async (index: number) => {
    const tier = tiers[index];
    const name = tier.name.trim() || t('tiers.untitled');
    if (!tier.id) {
      onChange(tiers.filter((_, at) => at !== index));
      onErrors((current) => withoutPrefix(current, 'ticketCategories.'));
      return;
    }
    const ok = await confirm({
      title: t('tiers.deleteTitle', { name }),
      message: t('tiers.deleteText'),
      okText: t('tiers.delete'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteTier.mutateAsync(tier.id);
      onErrors((current) => withoutPrefix(current, 'ticketCategories.'));
      onDeleted(tier.id);
      toast.success(t('tiers.deleted', { name }));
    } catch (error) {
      const message = contentProblem(t, error);
      onErrors((current) => ({ ...current, [`ticketCategories.${index}`]: message }));
      toast.error(message);
    }
  };

  if (tiers.length === 0) return <p className={styles.empty}>{t('tiers.none')}</p>;
  return (
    <ol className={styles.cards}>
      {tiers.map((tier, index) => {
        const id = `tier-${tier.key}`;
        const error = (field: string) => errors[`ticketCategories.${index}.${field}`];
        return (
          <li key={tier.key} className={styles.card} aria-labelledby={`${id}-title`} data-testid="tier">
            <div className={styles.cardHead}>
              <h3 id={`${id}-title`} className={styles.cardTitle} dir="auto">
                {tier.name.trim() || t('tiers.untitled')}
              </h3>
              {tier.sold > 0 && (
                <span className={styles.sold}>
                  {t('tiers.sold', { count: tier.sold - tier.held })}
                  {tier.held > 0 && ` · ${t('events.held', { count: tier.held })}`}
                </span>
              )}
              {/* a tier with tickets sold stays (the tickets name it): its sale is closed by its end date */}
              {!readOnly && tier.sold === 0 && (
                <IconButton
                  label={t('tiers.deleteLabel', { name: tier.name.trim() || t('tiers.untitled') })}
                  onClick={() => void remove(index)}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </IconButton>
              )}
            </div>
            {!readOnly && tier.sold > 0 && <p className={styles.keptNote}>{t('tiers.keptWhileSold')}</p>}
            {errors[`ticketCategories.${index}`] && (
              <p className={contentUi.error} role="alert">
                {errors[`ticketCategories.${index}`]}
              </p>
            )}
            <div className={formLayout.form}>
              <div className={styles.pair}>
                <TextField
                  id={`${id}-name`}
                  label={t('tiers.name')}
                  value={tier.name}
                  maxLength={EVENT_LIMITS.tierName}
                  error={error('name')}
                  onChange={(change) => update(index, { name: change.target.value })}
                  dir="auto"
                />
                <MoneyInput
                  id={`${id}-price`}
                  label={t('tiers.price')}
                  currency={currency}
                  value={tier.price}
                  error={error('price')}
                  hint={tier.sold > 0 ? t('tiers.priceHint') : undefined}
                  onChange={(price) => update(index, { price })}
                />
              </div>
              <TextAreaField
                id={`${id}-description`}
                label={t('tiers.description')}
                value={tier.description}
                rows={2}
                maxLength={EVENT_LIMITS.tierDescription}
                error={error('description')}
                onChange={(change) => update(index, { description: change.target.value })}
                dir="auto"
              />
              <div className={styles.triple}>
                <TextField
                  id={`${id}-capacity`}
                  label={t('tiers.capacity')}
                  inputMode="numeric"
                  value={tier.capacity}
                  error={error('capacity')}
                  onChange={(change) => update(index, { capacity: change.target.value })}
                />
                <TextField
                  id={`${id}-sales-start`}
                  type="datetime-local"
                  label={t('tiers.salesStart')}
                  value={tier.salesStart}
                  error={error('salesStart')}
                  onChange={(change) => update(index, { salesStart: change.target.value })}
                />
                <TextField
                  id={`${id}-sales-end`}
                  type="datetime-local"
                  label={t('tiers.salesEnd')}
                  value={tier.salesEnd}
                  error={error('salesEnd')}
                  onChange={(change) => update(index, { salesEnd: change.target.value })}
                />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The add-ons: a name and a price each, bought with a ticket. */
export function AddonRows({
  addons,
  currency,
  errors,
  readOnly,
  onChange,
}: {
  addons: AddonValues[];
  currency: string;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (addons: AddonValues[]) => void;
}) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  if (addons.length === 0) return <p className={styles.empty}>{t('addons.none')}</p>;
  return (
    <ul className={styles.addons}>
      {addons.map((addon, index) => (
        <li key={addon.key} className={styles.addon} data-testid="addon">
          <TextField
            id={`addon-${addon.key}-name`}
            label={t('addons.name')}
            value={addon.name}
            maxLength={EVENT_LIMITS.addonName}
            error={errors[`addons.${index}.name`]}
            onChange={(change) => onChange(addons.map((other, at) => (at === index ? { ...other, name: change.target.value } : other)))}
            dir="auto"
          />
          <MoneyInput
            id={`addon-${addon.key}-price`}
            label={t('addons.price')}
            currency={currency}
            value={addon.price}
            error={errors[`addons.${index}.price`]}
            onChange={(price) => onChange(addons.map((other, at) => (at === index ? { ...other, price } : other)))}
          />
          {!readOnly && (
            <IconButton
              label={t('addons.deleteLabel', { name: addon.name.trim() || t('addons.untitled') })}
              onClick={() => onChange(addons.filter((_, at) => at !== index))}
            >
              <Trash2 size={18} aria-hidden="true" />
            </IconButton>
          )}
        </li>
      ))}
    </ul>
  );
}
