import { FollowersOnlyToggle } from '../ui/followers-only-toggle';
import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Plus, X } from 'lucide-react';
import { menuItemInputSchema, type OwnerMenuItem, type OwnerMenus } from '../../../../shared/owner-catalogue';
import { MENU_TAGS } from '../../../../shared/menu-tags';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { MultiChoice, SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { ownerMenuItemQuery, ownerMenusQuery, useDeleteMenuItem, useSaveMenuItem } from '../api/menus';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import { EditorActions, LoadProblem, NameFields, PriceField } from '../catalogue-editor/editor-parts';
import editor from '../catalogue-editor/catalogue-editor.module.css';
import { useDeleteAfterConfirm } from '../catalogue-editor/use-delete-after-confirm';
import { useEditorDraft } from '../catalogue-editor/use-editor-draft';
import { FormProblem, SelectField } from '../ui/form-controls';
import { CurrencySelect } from '../ui/currency-select';
import { ImagePicker, type UploadedImage } from '../ui/image-picker';
import { minorToText, textToMinor } from '../ui/money';
import ui from '../ui/workspace-ui.module.css';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import styles from './menus.module.css';

interface Draft {
  menuId: string;
  /** a section of that menu; '' for a menu without sections (the server makes one) */
  sectionId: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  image: UploadedImage | null;
  tags: string[];
  available: boolean;
  followersOnly: boolean;
  options: Array<{ name: string; priceDelta: string }>;
}

/** The tag pickers, not rendered again by a keystroke in another field (memo here: the shared control is the public pages' too). */
const TagChoice = memo(MultiChoice<string>);

const DIETARY = MENU_TAGS.filter((tag) => !tag.startsWith('contains-'));
const ALLERGENS = MENU_TAGS.filter((tag) => tag.startsWith('contains-'));

const draftOf = (item: OwnerMenuItem): Draft => ({
  menuId: item.menuId,
  sectionId: item.sectionId,
  name: item.name,
  description: item.description ?? '',
  price: minorToText(item.price, item.currency),
  currency: item.currency,
  image: item.imagePath
    ? { imagePath: item.imagePath, imageWidth: item.imageWidth, imageHeight: item.imageHeight, imageColor: item.imageColor }
    : null,
  tags: item.tags,
  available: item.available,
  followersOnly: item.followersOnly,
  options: item.options.map((option) => ({ name: option.name, priceDelta: minorToText(option.priceDelta, item.currency) })),
});

/** Where a new item goes: the section asked for, else the first section of the menu asked for, else the first menu's. */
function placeOf(menus: OwnerMenus, menuId?: string, sectionId?: string): Pick<Draft, 'menuId' | 'sectionId'> {
  const inSection = menus.menus.find((menu) => menu.sections.some((section) => section.id === sectionId));
  if (inSection && sectionId) return { menuId: inSection.id, sectionId };
  const menu = menus.menus.find((candidate) => candidate.id === menuId) ?? menus.menus[0];
  return { menuId: menu.id, sectionId: menu.sections[0]?.id ?? '' };
}

/** `workspace/menu/item` (a new item, `?menuId=`/`?sectionId=` preselected) and `workspace/menu/item/{itemId}`. */
export function MenuItemPage({ itemId, menuId, sectionId }: { itemId?: string; menuId?: string; sectionId?: string }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const menus = useQuery(ownerMenusQuery(workspace.firmId));
  const item = useQuery({ ...ownerMenuItemQuery(workspace.firmId, itemId ?? ''), enabled: Boolean(itemId) });
  usePageTitle(itemId ? (item.data?.name ?? t('items.edit')) : t('items.add'));
  const back = item.data?.menuId ?? menuId;

  const failed = menus.error ?? item.error;
  return (
    <div className={ui.page}>
      {back ? (
        <Link to="/workspace/menu/$menuId" params={{ menuId: back }} className={ui.eyebrow}>
          <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {menus.data?.menus.find((menu) => menu.id === back)?.name}
        </Link>
      ) : (
        <Link to="/workspace/menu" className={ui.eyebrow}>
          <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('menus.title')}
        </Link>
      )}
      <h1 className={ui.pageTitle}>{itemId ? t('items.edit') : t('items.add')}</h1>
      {failed ? (
        <LoadProblem error={failed} notFound={t('items.notFound')} />
      ) : !menus.data || (itemId && !item.data) ? (
        <PageSpinner />
      ) : menus.data.menus.length === 0 ? (
        <p className={ui.panel}>{t('items.noMenu')}</p>
      ) : (
        <ItemForm
          key={item.data?.id ?? 'new'}
          menus={menus.data}
          item={item.data}
          initial={
            item.data
              ? draftOf(item.data)
              : {
                  ...placeOf(menus.data, menuId, sectionId),
                  name: '',
                  description: '',
                  price: '',
                  currency: menus.data.currency,
                  image: null,
                  tags: [],
                  available: true,
                  followersOnly: false,
                  options: [],
                }
          }
        />
      )}
    </div>
  );
}

function ItemForm({ menus, item, initial }: { menus: OwnerMenus; item?: OwnerMenuItem; initial: Draft }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const save = useSaveMenuItem(workspace.firmId);
  const remove = useDeleteMenuItem(workspace.firmId);
  const { draft, setDraft, errors, setErrors, set, markSaved } = useEditorDraft<Draft>(initial, (field) =>
    field === 'image' ? 'imagePath' : field,
  );
  const deleteAfterConfirm = useDeleteAfterConfirm();
  const [planLimited, setPlanLimited] = useState(!item && !workspace.canCreate('CREATE_MENU_ITEM'));
  const mayEdit = workspace.can('catalogue.edit');
  const labels = {
    menuId: t('sections.place'),
    sectionId: t('sections.place'),
    name: t('items.name'),
    description: t('items.description'),
    price: t('items.price'),
    currency: t('items.currency'),
    imagePath: t('items.picture'),
    tags: t('items.tags'),
    options: t('items.options'),
  };

  const body = () => ({
    menuId: draft.menuId,
    sectionId: draft.sectionId || null,
    name: draft.name,
    description: draft.description,
    price: textToMinor(draft.price, draft.currency, true) ?? undefined,
    currency: draft.currency,
    imagePath: draft.image?.imagePath ?? null,
    tags: draft.tags,
    available: draft.available,
    followersOnly: draft.followersOnly,
    options: draft.options.map((option) => ({
      name: option.name,
      priceDelta: textToMinor(option.priceDelta, draft.currency, true) ?? 0,
    })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = body();
    const parsed = menuItemInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(messages.ofIssues(parsed.error.issues, labels, { ...values, price: draft.price }));
      return;
    }
    save.mutate(
      { id: item?.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          markSaved();
          toast.success(t('items.saved', { name: saved.name }));
          void navigate({ to: '/workspace/menu/$menuId', params: { menuId: saved.menuId } });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'plan_limit') setPlanLimited(true);
          setErrors(messages.ofFailure(error, labels));
        },
      },
    );
  };

  const onDelete = (saved: OwnerMenuItem) =>
    void deleteAfterConfirm(
      { question: t('items.deleteConfirm', { name: saved.name }), ok: t('items.delete'), done: t('items.deleted', { name: saved.name }) },
      () => remove.mutateAsync(saved.id),
      () => {
        markSaved();
        void navigate({ to: '/workspace/menu/$menuId', params: { menuId: saved.menuId } });
      },
    );

  // the same props from one keystroke to the next, so the pickers a keystroke does not change skip its render
  const dietaryOptions = useMemo(() => DIETARY.map((tag) => ({ value: tag, label: t(`tags.${tag}`) })), [t]);
  const allergenOptions = useMemo(() => ALLERGENS.map((tag) => ({ value: tag, label: t(`tags.${tag}`) })), [t]);
  const setTags = useCallback((tags: string[]) => set('tags', tags), [set]);
  const setCurrency = useCallback((currency: string) => set('currency', currency), [set]);
  const setImage = useCallback((image: UploadedImage | null) => set('image', image), [set]);

  if (planLimited && !item) return <PlanLimitNote featureKey="CREATE_MENU_ITEM" />;
  return (
    <form className={ui.panel} onSubmit={submit} noValidate aria-busy={save.isPending}>
      <fieldset className={editor.form} disabled={!mayEdit}>
        <SelectField
          id="item-menu"
          label={labels.menuId}
          value={draft.sectionId || `menu:${draft.menuId}`}
          error={errors.menuId || errors.sectionId || undefined}
          onChange={(event) => {
            // one choice for both: a section (its menu with it), or a menu that has no section left
            const value = event.target.value;
            const menu = menus.menus.find((candidate) =>
              value.startsWith('menu:') ? candidate.id === value.slice(5) : candidate.sections.some((section) => section.id === value),
            );
            if (!menu) return;
            setDraft((current) => ({ ...current, menuId: menu.id, sectionId: value.startsWith('menu:') ? '' : value }));
            setErrors((current) => ({ ...current, menuId: '', sectionId: '', form: '' }));
          }}
        >
          {menus.menus.map((menu) =>
            menu.sections.length === 0 ? (
              <option key={menu.id} value={`menu:${menu.id}`}>
                {menu.name}
              </option>
            ) : (
              <optgroup key={menu.id} label={menu.name}>
                {menu.sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.name ?? t('sections.unnamed')}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </SelectField>
        <NameFields idPrefix="item" labels={labels} values={draft} errors={errors} onChange={set} />
        <div className={styles.priceRow}>
          <PriceField
            id="item-price"
            label={labels.price}
            value={draft.price}
            error={errors.price}
            onChange={(price) => set('price', price)}
          />
          <CurrencySelect
            id="item-currency"
            label={labels.currency}
            value={draft.currency}
            error={errors.currency || undefined}
            onChange={setCurrency}
          />
        </div>
        <ImagePicker
          id="item-picture"
          label={labels.imagePath}
          firmId={workspace.firmId}
          uploadPath="/api/dashboard/menus/images"
          imagePath={draft.image?.imagePath ?? null}
          imageColor={draft.image?.imageColor}
          onChange={setImage}
        />
        <FormProblem message={errors.imagePath} />
        <SwitchRow
          id="item-sold-out"
          label={t('items.soldOut')}
          description={t('items.soldOutHint')}
          checked={!draft.available}
          onChange={(soldOut) => set('available', !soldOut)}
        />
        <FollowersOnlyToggle checked={draft.followersOnly} onChange={(followersOnly) => set('followersOnly', followersOnly)} />
        <TagChoice legend={t('items.dietary')} options={dietaryOptions} value={draft.tags} onChange={setTags} />
        <TagChoice legend={t('items.allergens')} options={allergenOptions} value={draft.tags} onChange={setTags} />
        <FormProblem message={errors.tags} />
        <fieldset className={styles.options}>
          <legend className={styles.legend}>{labels.options}</legend>
          <p className={ui.muted}>{t('items.optionsHint')}</p>
          {draft.options.map((option, index) => (
            <div key={index} className={styles.optionRow}>
              <TextField
                id={`option-name-${index}`}
                label={t('items.optionName')}
                value={option.name}
                dir="auto"
                maxLength={60}
                onChange={(event) =>
                  set(
                    'options',
                    draft.options.map((current, at) => (at === index ? { ...current, name: event.target.value } : current)),
                  )
                }
              />
              <TextField
                id={`option-delta-${index}`}
                label={t('items.optionDelta', { currency: draft.currency })}
                value={option.priceDelta}
                inputMode="decimal"
                dir="ltr"
                placeholder="+0.00"
                onChange={(event) =>
                  set(
                    'options',
                    draft.options.map((current, at) => (at === index ? { ...current, priceDelta: event.target.value } : current)),
                  )
                }
              />
              <Button
                variant="ghost"
                size="small"
                aria-label={t('items.removeOption', { name: option.name || index + 1 })}
                onClick={() =>
                  set(
                    'options',
                    draft.options.filter((_, at) => at !== index),
                  )
                }
              >
                <X size={16} aria-hidden="true" />
              </Button>
            </div>
          ))}
          <FormProblem message={errors.options} />
          {draft.options.length < 20 && (
            <Button size="small" onClick={() => set('options', [...draft.options, { name: '', priceDelta: '' }])}>
              <Plus size={16} aria-hidden="true" />
              {t('items.addOption')}
            </Button>
          )}
        </fieldset>
        <FormProblem message={errors.form} />
        <EditorActions
          submitLabel={item ? t('save') : t('items.create')}
          saving={save.isPending}
          deletion={item && { label: t('items.delete'), pending: remove.isPending, onClick: () => onDelete(item) }}
        />
      </fieldset>
    </form>
  );
}
