import { Plus, Trash2 } from 'lucide-react';
import type { OwnerVariant } from '../../../../shared/owner-catalogue';
import { Button } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { confirm } from '../../../lib/confirm-store';
import editor from '../catalogue-editor/catalogue-editor.module.css';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { PriceField } from '../catalogue-editor/editor-parts';
import { FormProblem } from '../ui/form-controls';
import { minorToText } from '../ui/money';
import ui from '../ui/workspace-ui.module.css';
import { StockBadge } from './stock-badge';
import styles from './shop.module.css';

/** One variant as the editor holds it (texts as typed); `key` keeps a row's identity before it is saved. */
export interface VariantDraft {
  key: string;
  id?: string;
  name: string;
  price: string;
  sku: string;
  trackStock: boolean;
  initialStock: string;
  saved?: OwnerVariant;
}

let counter = 0;
export const variantDraftOf = (variant: OwnerVariant, currency: string): VariantDraft => ({
  key: variant.id,
  id: variant.id,
  name: variant.name,
  price: minorToText(variant.price, currency),
  sku: variant.sku ?? '',
  trackStock: variant.trackStock,
  initialStock: String(variant.stock),
  saved: variant,
});

const VARIANTS_MAX = 50;

/**
 * The product's variants (sizes, colours): each with its name, own price, SKU and stock counted
 * or not; a new one's stock now, a saved one's stock changes in the inventory. Removing asks first.
 * `errors` are keyed `variants.{index}.{field}` (the schema's and the server's).
 */
export function VariantsBlock({
  variants,
  defaultPrice,
  errors,
  onChange,
}: {
  variants: VariantDraft[];
  defaultPrice: string;
  errors: Record<string, string>;
  onChange: (variants: VariantDraft[]) => void;
}) {
  const { t } = useCatalogueMessages();
  const update = (index: number, patch: Partial<VariantDraft>) => onChange(variants.map((v, n) => (n === index ? { ...v, ...patch } : v)));
  const add = () =>
    onChange([...variants, { key: `new-${++counter}`, name: '', price: defaultPrice, sku: '', trackStock: true, initialStock: '0' }]);
  const remove = async (index: number) => {
    const variant = variants[index];
    const ok = await confirm({
      message: t('shop.variants.removeConfirm', { name: variant.name || t('shop.variants.unnamed') }),
      okText: t('shop.variants.remove'),
      cancelText: t('cancel'),
    });
    if (ok) onChange(variants.filter((_, n) => n !== index));
  };
  const error = (index: number, field: string) => errors[`variants.${index}.${field}`] || undefined;

  return (
    <fieldset className={editor.form}>
      <legend className={ui.panelTitle}>{t('shop.variants.title')}</legend>
      <p className={ui.muted}>{variants.length === 0 ? t('shop.variants.none') : t('shop.variants.hint')}</p>
      {variants.length > 0 && (
        <ol className={styles.variants}>
          {variants.map((variant, index) => (
            <li key={variant.key} className={styles.variant} aria-label={variant.name || t('shop.variants.unnamed')}>
              <div className={styles.pair}>
                <TextField
                  id={`variant-name-${variant.key}`}
                  label={t('shop.variants.name')}
                  value={variant.name}
                  dir="auto"
                  maxLength={60}
                  error={error(index, 'name')}
                  onChange={(event) => update(index, { name: event.target.value })}
                />
                <PriceField
                  id={`variant-price-${variant.key}`}
                  label={t('shop.variants.price')}
                  value={variant.price}
                  error={error(index, 'price')}
                  onChange={(price) => update(index, { price })}
                />
                <TextField
                  id={`variant-sku-${variant.key}`}
                  label={t('shop.sku')}
                  value={variant.sku}
                  dir="ltr"
                  maxLength={64}
                  error={error(index, 'sku')}
                  onChange={(event) => update(index, { sku: event.target.value })}
                />
              </div>
              <SwitchRow
                id={`variant-track-${variant.key}`}
                label={t('shop.trackStock')}
                description={t('shop.trackStockHint')}
                checked={variant.trackStock}
                onChange={(on) => update(index, { trackStock: on })}
              />
              <div className={styles.variantFoot}>
                {variant.trackStock &&
                  (variant.saved ? (
                    <StockBadge product={variant.saved} />
                  ) : (
                    <TextField
                      id={`variant-stock-${variant.key}`}
                      label={t('shop.initialStock')}
                      value={variant.initialStock}
                      inputMode="numeric"
                      dir="ltr"
                      error={error(index, 'initialStock')}
                      onChange={(event) => update(index, { initialStock: event.target.value })}
                    />
                  ))}
                <Button variant="ghost" size="small" onClick={() => void remove(index)}>
                  <Trash2 size={16} aria-hidden="true" />
                  {t('shop.variants.removeNamed', { name: variant.name || t('shop.variants.unnamed') })}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <FormProblem message={errors.variants} />
      {variants.length < VARIANTS_MAX && (
        <div>
          <Button size="small" onClick={add}>
            <Plus size={16} aria-hidden="true" />
            {t('shop.variants.add')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
