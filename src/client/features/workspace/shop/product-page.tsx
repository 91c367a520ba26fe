import { FollowersOnlyToggle } from '../ui/followers-only-toggle';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, PackageOpen, X } from 'lucide-react';
import { productInputSchema, type OwnerProduct } from '../../../../shared/owner-catalogue';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/fields';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { ownerMenusQuery } from '../api/menus';
import { ownerProductQuery, useDeleteProduct, usePublishProduct, useSaveProduct } from '../api/products';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { PublishSwitch } from '../catalogue-editor/publish-switch';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import { EditorActions, LoadProblem, NameFields, PriceField } from '../catalogue-editor/editor-parts';
import editor from '../catalogue-editor/catalogue-editor.module.css';
import { useDeleteAfterConfirm } from '../catalogue-editor/use-delete-after-confirm';
import { useEditorDraft } from '../catalogue-editor/use-editor-draft';
import { FormProblem } from '../ui/form-controls';
import { CurrencySelect } from '../ui/currency-select';
import { ImagePicker } from '../ui/image-picker';
import { minorToText, textToMinor } from '../ui/money';
import ui from '../ui/workspace-ui.module.css';
import { StockBadge } from './stock-badge';
import { VariantsBlock, variantDraftOf, type VariantDraft } from './variants-block';
import { WaitlistCard } from '../ui/waitlist-card';
import styles from './shop.module.css';

const GALLERY_MAX = 8;

interface Draft {
  name: string;
  description: string;
  price: string;
  compareAtPrice: string;
  currency: string;
  sku: string;
  images: string[];
  trackStock: boolean;
  initialStock: string;
  lowStockAt: string;
  followersOnly: boolean;
  variants: VariantDraft[];
}

const draftOf = (product: OwnerProduct): Draft => ({
  name: product.name,
  description: product.description ?? '',
  price: minorToText(product.price, product.currency),
  compareAtPrice: product.compareAtPrice === null ? '' : minorToText(product.compareAtPrice, product.currency),
  currency: product.currency,
  sku: product.sku ?? '',
  images: product.images,
  trackStock: product.trackStock,
  initialStock: String(product.stock),
  lowStockAt: String(product.lowStockAt),
  followersOnly: product.followersOnly,
  variants: product.variants.map((variant) => variantDraftOf(variant, product.currency)),
});

const count = (text: string) => (text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** `workspace/shop/{productId}` (`new` for a new one): the product's details, pictures and stock settings. */
export function ProductPage({ productId }: { productId: string }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const isNew = productId === 'new';
  const product = useQuery({ ...ownerProductQuery(workspace.firmId, productId), enabled: !isNew });
  // the firm's currency, for a new product's price
  const menus = useQuery({ ...ownerMenusQuery(workspace.firmId), enabled: isNew });
  usePageTitle(isNew ? t('shop.add') : (product.data?.name ?? t('shop.edit')));

  return (
    <div className={ui.page}>
      <Link to="/workspace/shop" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('shop.title')}
      </Link>
      <h1 className={ui.pageTitle}>{isNew ? t('shop.add') : t('shop.edit')}</h1>
      {product.error ? (
        <LoadProblem error={product.error} notFound={t('shop.notFound')} />
      ) : isNew ? (
        menus.isPending ? (
          <PageSpinner />
        ) : (
          <ProductForm
            initial={{
              name: '',
              description: '',
              price: '',
              compareAtPrice: '',
              currency: menus.data?.currency ?? 'EUR',
              sku: '',
              images: [],
              trackStock: true,
              initialStock: '0',
              lowStockAt: '3',
              followersOnly: false,
              variants: [],
            }}
          />
        )
      ) : !product.data ? (
        <PageSpinner />
      ) : (
        <>
          <ProductPublished product={product.data} />
          {/* only a counted stock runs out, so only then can people wait for it */}
          {(product.data.trackStock || product.data.variants.some((variant) => variant.trackStock)) && (
            <WaitlistCard subject={{ kind: 'product', id: product.data.id }} editPermission="catalogue.edit" />
          )}
          <ProductForm key={product.data.id} product={product.data} initial={draftOf(product.data)} />
        </>
      )}
    </div>
  );
}

function ProductPublished({ product }: { product: OwnerProduct }) {
  const workspace = useWorkspace();
  const publish = usePublishProduct(workspace.firmId);
  return (
    <div className={ui.panel}>
      <PublishSwitch
        id="product-published"
        name={product.name}
        published={product.published}
        mayEdit={workspace.can('catalogue.edit')}
        pending={publish.isPending}
        onChange={(published, callbacks) => publish.mutate({ id: product.id, published }, callbacks)}
      />
    </div>
  );
}

function ProductForm({ product, initial }: { product?: OwnerProduct; initial: Draft }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const save = useSaveProduct(workspace.firmId);
  const remove = useDeleteProduct(workspace.firmId);
  const { draft, setDraft, errors, setErrors, set, markSaved } = useEditorDraft(initial);
  const deleteAfterConfirm = useDeleteAfterConfirm();
  const [planLimited, setPlanLimited] = useState(!product && !workspace.canCreate('CREATE_PRODUCT'));
  const mayEdit = workspace.can('catalogue.edit');
  const labels = {
    name: t('shop.name'),
    description: t('shop.description'),
    price: t('shop.price'),
    compareAtPrice: t('shop.compareAt'),
    currency: t('shop.currency'),
    sku: t('shop.sku'),
    images: t('shop.pictures'),
    initialStock: t('shop.initialStock'),
    lowStockAt: t('shop.lowStockAt'),
  };

  const variantLabels: Record<string, string> = {
    name: t('shop.variants.name'),
    price: t('shop.variants.price'),
    sku: labels.sku,
    initialStock: labels.initialStock,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const variants = draft.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      price: textToMinor(variant.price, draft.currency, true) ?? undefined,
      sku: variant.sku,
      trackStock: variant.trackStock,
      initialStock: variant.id ? 0 : count(variant.initialStock),
    }));
    const variantPrices = variants.flatMap((variant) => (typeof variant.price === 'number' ? [variant.price] : []));
    const values = {
      name: draft.name,
      description: draft.description,
      // with variants the product's price is theirs (the lowest: what the lists show)
      price:
        variants.length > 0
          ? variantPrices.length > 0
            ? Math.min(...variantPrices)
            : 0
          : (textToMinor(draft.price, draft.currency, true) ?? undefined),
      compareAtPrice: textToMinor(draft.compareAtPrice, draft.currency, true),
      currency: draft.currency,
      sku: draft.sku,
      images: draft.images,
      trackStock: draft.trackStock,
      initialStock: product ? 0 : count(draft.initialStock),
      lowStockAt: count(draft.lowStockAt),
      followersOnly: draft.followersOnly,
      variants,
    };
    const parsed = productInputSchema.safeParse(values);
    if (!parsed.success) {
      const rowIssues = parsed.error.issues.filter((issue) => issue.path[0] === 'variants' && issue.path.length > 2);
      const found = messages.ofIssues(
        parsed.error.issues.filter((issue) => !rowIssues.includes(issue)),
        { ...labels, variants: t('shop.variants.title') },
        { ...values, price: draft.price, initialStock: draft.initialStock },
      );
      for (const issue of rowIssues) {
        const [, index, field] = issue.path as [string, number, string];
        const typed = draft.variants[index]?.[field as keyof VariantDraft];
        found[`variants.${index}.${field}`] ??= messages.ofIssue(issue, variantLabels[field] ?? t('form.thisField'), typed);
      }
      setErrors(found);
      return;
    }
    save.mutate(
      { id: product?.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          markSaved();
          toast.success(t('shop.saved', { name: saved.name }));
          void navigate({ to: '/workspace/shop' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'plan_limit') setPlanLimited(true);
          // a variant's field errors go to its row ("variants.1.sku"), the others to their field
          const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
          const rows = Object.entries(fields).filter(([field]) => /^variants\.\d+\./.test(field));
          const rest = rows.length > 0 && rows.length === Object.keys(fields).length ? {} : messages.ofFailure(error, labels);
          for (const [field, list] of rows) {
            rest[field] = messages.ofServer(list[0], variantLabels[field.split('.')[2]] ?? t('form.thisField'));
          }
          setErrors(rest);
        },
      },
    );
  };

  const onDelete = (saved: OwnerProduct) =>
    void deleteAfterConfirm(
      { question: t('shop.deleteConfirm', { name: saved.name }), ok: t('shop.delete'), done: t('shop.deleted', { name: saved.name }) },
      () => remove.mutateAsync(saved.id),
      () => {
        markSaved();
        void navigate({ to: '/workspace/shop' });
      },
    );

  if (planLimited && !product) return <PlanLimitNote featureKey="CREATE_PRODUCT" />;
  return (
    <form className={ui.panel} onSubmit={submit} noValidate aria-busy={save.isPending}>
      <fieldset className={editor.form} disabled={!mayEdit}>
        <NameFields idPrefix="product" labels={labels} values={draft} errors={errors} onChange={set} />
        <div className={styles.pair}>
          {draft.variants.length === 0 && (
            <PriceField
              id="product-price"
              label={labels.price}
              value={draft.price}
              error={errors.price}
              onChange={(price) => set('price', price)}
            />
          )}
          <TextField
            id="product-compare"
            label={labels.compareAtPrice}
            hint={t('shop.compareAtHint')}
            value={draft.compareAtPrice}
            inputMode="decimal"
            dir="ltr"
            error={errors.compareAtPrice || undefined}
            onChange={(event) => set('compareAtPrice', event.target.value)}
          />
          <CurrencySelect
            id="product-currency"
            label={labels.currency}
            value={draft.currency}
            error={errors.currency || undefined}
            onChange={(currency) => set('currency', currency)}
          />
        </div>
        <TextField
          id="product-sku"
          label={labels.sku}
          hint={t('shop.skuHint')}
          value={draft.sku}
          dir="ltr"
          maxLength={64}
          error={errors.sku || undefined}
          onChange={(event) => set('sku', event.target.value)}
        />
        <fieldset className={editor.form}>
          <legend className={ui.panelTitle}>{labels.images}</legend>
          {draft.images.length > 0 && (
            <ul className={styles.gallery}>
              {draft.images.map((image, index) => (
                <li key={image} className={styles.galleryItem}>
                  <ResponsiveImage path={image} alt="" aspect="1 / 1" sizes="96px" />
                  {index === 0 && <span className={styles.main}>{t('shop.mainPicture')}</span>}
                  <Button
                    variant="icon"
                    size="small"
                    aria-label={t('shop.removePicture', { number: index + 1 })}
                    onClick={() =>
                      set(
                        'images',
                        draft.images.filter((current) => current !== image),
                      )
                    }
                  >
                    <X size={16} aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {draft.images.length < GALLERY_MAX && (
            <ImagePicker
              id="product-picture"
              label={t('shop.addPicture')}
              firmId={workspace.firmId}
              uploadPath="/api/dashboard/products/images"
              imagePath={null}
              aspect="16 / 7"
              onChange={(image) => image && set('images', [...draft.images, image.imagePath])}
            />
          )}
          <FormProblem message={errors.images} />
        </fieldset>
        <VariantsBlock
          variants={draft.variants}
          defaultPrice={draft.price}
          errors={errors}
          onChange={(variants) => {
            setDraft((current) => ({ ...current, variants }));
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('variants'))));
          }}
        />
        <fieldset className={editor.form}>
          <legend className={ui.panelTitle}>{t('shop.stock')}</legend>
          {draft.variants.length > 0 ? (
            <div className={styles.stockLine}>
              <span className={ui.muted}>{t('shop.variants.stockHint')}</span>
              {product && product.variants.length > 0 && (
                <Link to="/workspace/inventory" className={buttonClass({ size: 'small' })}>
                  <PackageOpen size={16} aria-hidden="true" />
                  {t('shop.adjustInInventory')}
                </Link>
              )}
            </div>
          ) : (
            <SwitchRow
              id="product-track"
              label={t('shop.trackStock')}
              description={t('shop.trackStockHint')}
              checked={draft.trackStock}
              onChange={(on) => set('trackStock', on)}
            />
          )}
          {(draft.trackStock || draft.variants.length > 0) && (
            <div className={styles.pair}>
              {draft.variants.length > 0 ? null : product ? (
                <div className={styles.stockLine}>
                  <StockBadge product={product} />
                  <Link to="/workspace/inventory" className={buttonClass({ size: 'small' })}>
                    <PackageOpen size={16} aria-hidden="true" />
                    {t('shop.adjustInInventory')}
                  </Link>
                </div>
              ) : (
                <TextField
                  id="product-stock"
                  label={labels.initialStock}
                  value={draft.initialStock}
                  inputMode="numeric"
                  dir="ltr"
                  error={errors.initialStock || undefined}
                  onChange={(event) => set('initialStock', event.target.value)}
                />
              )}
              <TextField
                id="product-low"
                label={labels.lowStockAt}
                hint={t('shop.lowStockAtHint')}
                value={draft.lowStockAt}
                inputMode="numeric"
                dir="ltr"
                error={errors.lowStockAt || undefined}
                onChange={(event) => set('lowStockAt', event.target.value)}
              />
            </div>
          )}
        </fieldset>
        <FollowersOnlyToggle checked={draft.followersOnly} onChange={(followersOnly) => set('followersOnly', followersOnly)} />
        <FormProblem message={errors.form} />
        <EditorActions
          submitLabel={product ? t('save') : t('shop.create')}
          saving={save.isPending}
          deletion={product && { label: t('shop.delete'), pending: remove.isPending, onClick: () => onDelete(product) }}
        />
      </fieldset>
    </form>
  );
}
