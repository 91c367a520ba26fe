import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Clock } from 'lucide-react';
import { stockAdjustmentSchema, type OwnerProduct, type OwnerVariant } from '../../../../shared/owner-catalogue';
import { STOCK_REASONS } from '../../../../shared/menu-tags';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { ownerProductsQuery, stockMovementsQuery, useAdjustStock } from '../api/products';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { useWorkspace } from '../shell/workspace-context';
import { SelectField } from '../ui/form-controls';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { StockBadge } from './stock-badge';
import styles from './shop.module.css';

/**
 * `workspace/inventory`: what is left of each counted product, the low-stock ones on demand, and
 * adjustments (a delta with a reason and a note), each one logged; the log per product.
 */
export function InventoryPage() {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const [lowOnly, setLowOnly] = useState(false);
  const products = useQuery(ownerProductsQuery(workspace.firmId, 0, lowOnly));
  usePageTitle(t('inventory.title'));
  const tracked =
    products.data?.content.filter((product) =>
      product.variants.length > 0 ? product.variants.some((variant) => variant.trackStock) : product.trackStock,
    ) ?? [];

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('inventory.title')} lead={t('inventory.lead')} />
      <div className={ui.panel}>
        <SwitchRow
          id="low-only"
          label={t('inventory.lowOnly')}
          description={t('inventory.lowOnlyHint')}
          checked={lowOnly}
          onChange={setLowOnly}
        />
      </div>
      {products.isPending ? (
        <PageSpinner />
      ) : products.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{messages.problem(products.error)}</p>
          <Button onClick={() => void products.refetch()}>{t('retry')}</Button>
        </div>
      ) : tracked.length === 0 ? (
        <p className={ui.panel}>
          {lowOnly ? t('inventory.noneLow') : t('inventory.empty')} {!lowOnly && <Link to="/workspace/shop">{t('shop.title')}</Link>}
        </p>
      ) : (
        <ul className={styles.products}>
          {tracked.map((product) => (
            <li key={product.id}>
              <StockRow product={product} mayEdit={workspace.can('catalogue.edit')} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StockRow({ product, mayEdit }: { product: OwnerProduct; mayEdit: boolean }) {
  const { t } = useCatalogueMessages();
  const [showHistory, setShowHistory] = useState(false);
  const titleId = `stock-${product.id}`;
  return (
    <section className={styles.stockRow} aria-labelledby={titleId}>
      <div className={styles.stockHead}>
        <div>
          <h2 id={titleId} className={styles.name} dir="auto">
            <Link to="/workspace/shop/$productId" params={{ productId: product.id }}>
              {product.name}
            </Link>
          </h2>
          {product.variants.length === 0 && (
            <span className={ui.muted}>
              {t('inventory.figures', { stock: product.stock, sold: product.sold, low: product.lowStockAt })}
            </span>
          )}
        </div>
        {product.variants.length === 0 && (
          <>
            <span className={styles.figure} aria-label={t('inventory.available', { count: product.available })}>
              {product.available}
            </span>
            <StockBadge product={product} />
          </>
        )}
      </div>
      {product.variants.length === 0
        ? mayEdit && <AdjustForm product={product} />
        : product.variants
            .filter((variant) => variant.trackStock)
            .map((variant) => {
              const variantTitle = `stock-${variant.id}`;
              return (
                <section key={variant.id} className={styles.variantStock} aria-labelledby={variantTitle}>
                  <div className={styles.stockHead}>
                    <div>
                      <h3 id={variantTitle} className={styles.name} dir="auto">
                        {variant.name}
                      </h3>
                      <span className={ui.muted}>
                        {t('inventory.figures', { stock: variant.stock, sold: variant.sold, low: product.lowStockAt })}
                      </span>
                    </div>
                    <span className={styles.figure} aria-label={t('inventory.available', { count: variant.available })}>
                      {variant.available}
                    </span>
                    <StockBadge product={variant} />
                  </div>
                  {mayEdit && <AdjustForm product={product} variant={variant} />}
                </section>
              );
            })}
      <div>
        <Button variant="ghost" size="small" aria-expanded={showHistory} onClick={() => setShowHistory((open) => !open)}>
          <Clock size={16} aria-hidden="true" />
          {showHistory ? t('inventory.hideHistory') : t('inventory.showHistory')}
        </Button>
        {showHistory && <StockHistory productId={product.id} />}
      </div>
    </section>
  );
}

function AdjustForm({ product, variant }: { product: OwnerProduct; variant?: OwnerVariant }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const { firmId } = useWorkspace();
  const adjust = useAdjustStock(firmId);
  const [values, setValues] = useState({ delta: '', reason: 'received', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels = { delta: t('inventory.delta'), reason: t('inventory.reason'), note: t('inventory.note') };
  const id = (field: string) => `${field}-${variant?.id ?? product.id}`;
  const name = variant ? `${product.name} – ${variant.name}` : product.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const delta = /^[-+−]?\d+$/.test(values.delta.trim())
      ? Number(values.delta.trim().replace('−', '-'))
      : values.delta.trim() === ''
        ? undefined
        : Number.NaN;
    const body = { delta, reason: values.reason, note: values.note, variantId: variant?.id };
    const parsed = stockAdjustmentSchema.safeParse(body);
    if (!parsed.success) return setErrors(messages.ofIssues(parsed.error.issues, labels, { ...body, delta: values.delta }));
    adjust.mutate(
      { id: product.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          const after = variant ? saved.variants.find((v) => v.id === variant.id) : saved;
          toast.success(t('inventory.adjusted', { name, count: after?.available ?? 0 }));
          setValues({ delta: '', reason: values.reason, note: '' });
        },
        onError: (error) => setErrors(messages.ofFailure(error, labels)),
      },
    );
  };
  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '', form: '' }));
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={adjust.isPending} aria-label={t('inventory.adjustLabel', { name })}>
      <div className={styles.adjust}>
        <TextField
          id={id('delta')}
          label={labels.delta}
          hint={t('inventory.deltaHint')}
          value={values.delta}
          inputMode="numeric"
          dir="ltr"
          error={errors.delta || undefined}
          onChange={(event) => set('delta', event.target.value)}
        />
        <SelectField
          id={id('reason')}
          label={labels.reason}
          value={values.reason}
          error={errors.reason || undefined}
          onChange={(event) => set('reason', event.target.value)}
        >
          {STOCK_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('note')}
          label={labels.note}
          value={values.note}
          dir="auto"
          maxLength={200}
          error={errors.note || undefined}
          onChange={(event) => set('note', event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={adjust.isPending}>
          {t('inventory.apply')}
        </Button>
      </div>
      {errors.form && (
        <p className={ui.errorBox} role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}

function StockHistory({ productId }: { productId: string }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const [page, setPage] = useState(0);
  const movements = useQuery(stockMovementsQuery(firmId, productId, page));
  if (movements.isPending) return <PageSpinner />;
  if (movements.isError) return <p className={ui.errorBox}>{messages.problem(movements.error)}</p>;
  return (
    <>
      <ul className={styles.history} aria-label={t('inventory.history')}>
        {movements.data.content.map((movement) => (
          <li key={movement.id}>
            <span className={`${styles.delta} ${movement.delta > 0 ? styles.plus : styles.minus}`} dir="ltr">
              {movement.delta > 0 ? `+${movement.delta}` : `−${-movement.delta}`}
            </span>
            {movement.variantName && (
              <span className={ui.badge} dir="auto">
                {movement.variantName}
              </span>
            )}
            <span>{t(`reasons.${movement.reason}`, { defaultValue: movement.reason })}</span>
            {movement.note && <span dir="auto">“{movement.note}”</span>}
            <span className={ui.muted}>
              {t('inventory.after', { count: movement.availableAfter })} · {movement.userName ?? '—'} ·{' '}
              {format.dateTime(movement.createdAt, firm.timezone, 'short')}
            </span>
          </li>
        ))}
      </ul>
      {!movements.data.last && (
        <Button variant="ghost" size="small" onClick={() => setPage((current) => current + 1)}>
          {t('inventory.older')}
        </Button>
      )}
      {page > 0 && (
        <Button variant="ghost" size="small" onClick={() => setPage((current) => current - 1)}>
          {t('inventory.newer')}
        </Button>
      )}
    </>
  );
}
