import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  menuInputSchema,
  menuSectionCreateSchema,
  menuSectionInputSchema,
  type OwnerMenuItem,
  type OwnerMenus,
} from '../../../../shared/owner-catalogue';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { afterMutation } from '../../../lib/after-mutation';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import {
  ownerMenusQuery,
  useCreateSection,
  useDeleteMenu,
  useDeleteSection,
  useItemAvailability,
  usePublishMenu,
  useRenameSection,
  useUpdateMenu,
} from '../api/menus';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import { FormProblem } from '../ui/form-controls';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import editor from '../catalogue-editor/catalogue-editor.module.css';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { EditorActions, NameFields } from '../catalogue-editor/editor-parts';
import { useDeleteAfterConfirm } from '../catalogue-editor/use-delete-after-confirm';
import { useEditorDraft } from '../catalogue-editor/use-editor-draft';
import { PublishSwitch } from '../catalogue-editor/publish-switch';
import { TagList } from './tag-list';
import { ServingHoursFields, servingDraftOf, servingHoursOf } from './serving-hours-fields';
import styles from './menus.module.css';

type Menu = OwnerMenus['menus'][number];
type Section = Menu['sections'][number];
const itemCount = (menu: Menu) => menu.sections.reduce((sum, section) => sum + section.items.length, 0);

/** `workspace/menu/{menuId}`: one menu: its sections (add, rename, delete) with their items, sold out today, shown or not. */
export function MenuEditorPage({ menuId }: { menuId: string }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const menus = useQuery(ownerMenusQuery(workspace.firmId));
  const menu = menus.data?.menus.find((candidate) => candidate.id === menuId);
  usePageTitle(menu?.name ?? t('menus.title'));
  const mayEdit = workspace.can('catalogue.edit');

  return (
    <div className={ui.page}>
      <Link to="/workspace/menu" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('menus.title')}
      </Link>
      {menus.isPending ? (
        <PageSpinner />
      ) : menus.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{messages.problem(menus.error)}</p>
          <Button onClick={() => void menus.refetch()}>{t('retry')}</Button>
        </div>
      ) : !menu ? (
        <div className={ui.errorBox} role="alert">
          <p>{t('menus.notFound')}</p>
        </div>
      ) : (
        <>
          <WorkspacePageHeader
            title={menu.name}
            titleDir="auto"
            actions={
              mayEdit &&
              workspace.canCreate('CREATE_MENU_ITEM') && (
                <Link to="/workspace/menu/item" search={{ menuId: menu.id }} className={buttonClass({ variant: 'primary' })}>
                  <Plus size={18} aria-hidden="true" />
                  {t('items.add')}
                </Link>
              )
            }
          />
          <MenuPublished menu={menu} mayEdit={mayEdit} />
          {mayEdit && !workspace.canCreate('CREATE_MENU_ITEM') && <PlanLimitNote featureKey="CREATE_MENU_ITEM" />}
          {menu.sections.map((section) => (
            <SectionPanel key={section.id} menu={menu} section={section} mayEdit={mayEdit} />
          ))}
          {mayEdit && <AddSection menuId={menu.id} />}
          {mayEdit && <MenuSettings menu={menu} />}
        </>
      )}
    </div>
  );
}

/** A section's name field with its value and message (renaming and adding share it). */
function useSectionName(initial: string) {
  const { t } = useCatalogueMessages();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const field = (id: string, hint?: string) => (
    <TextField
      id={id}
      label={t('sections.name')}
      hint={hint}
      value={name}
      dir="auto"
      maxLength={120}
      error={error || undefined}
      onChange={(event) => {
        setName(event.target.value);
        setError('');
      }}
    />
  );
  return { name, setName, setError, field };
}

/** One section: its name (renamed in place), its items, "add an item here", deletion once empty (with a confirmation). */
function SectionPanel({ menu, section, mayEdit }: { menu: Menu; section: Section; mayEdit: boolean }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const rename = useRenameSection(workspace.firmId);
  const remove = useDeleteSection(workspace.firmId);
  const [editing, setEditing] = useState(false);
  const { name, setName, setError, field } = useSectionName(section.name ?? '');
  const label = section.name ?? t('sections.unnamed');
  const titleId = `section-${section.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = menuSectionInputSchema.safeParse({ name });
    if (!parsed.success) return setError(messages.ofIssues(parsed.error.issues, { name: t('sections.name') }, { name }).name ?? '');
    rename.mutate(
      { id: section.id, name: parsed.data.name },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('sections.renamed', { name: parsed.data.name }));
        },
        onError: (failure) => setError(messages.ofFailure(failure, { name: t('sections.name') }).name ?? messages.problem(failure)),
      },
    );
  };
  const onDelete = async () => {
    const ok = await confirm({
      message: t('sections.deleteConfirm', { name: label }),
      okText: t('sections.delete'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    // from the promise: the refetch after the deletion removes this very panel (lib/after-mutation.ts)
    afterMutation(remove.mutateAsync(section.id), {
      onSuccess: () => toast.success(t('sections.deleted', { name: label })),
      onError: (failure) => toast.error(messages.problem(failure)),
    });
  };

  return (
    <section className={ui.panel} aria-labelledby={titleId} data-testid="menu-section-panel">
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={ui.panelTitle}>
          <bdi>{label}</bdi> <span className={styles.sectionCount}>{t('menus.itemCount', { count: section.items.length })}</span>
        </h2>
        {mayEdit && !editing && (
          <div className={styles.sectionActions}>
            {workspace.canCreate('CREATE_MENU_ITEM') && (
              <Link
                to="/workspace/menu/item"
                search={{ menuId: menu.id, sectionId: section.id }}
                className={buttonClass({ variant: 'ghost', size: 'small' })}
                aria-label={t('sections.addItemLabel', { name: label })}
              >
                <Plus size={16} aria-hidden="true" />
                {t('sections.addItem')}
              </Link>
            )}
            <Button size="small" variant="ghost" aria-label={t('sections.renameLabel', { name: label })} onClick={() => setEditing(true)}>
              <Pencil size={16} aria-hidden="true" />
              {t('sections.rename')}
            </Button>
            {section.items.length === 0 && (
              <Button
                size="small"
                variant="ghost"
                aria-label={t('sections.deleteLabel', { name: label })}
                disabled={remove.isPending}
                onClick={() => void onDelete()}
              >
                <Trash2 size={16} aria-hidden="true" />
                {t('sections.delete')}
              </Button>
            )}
          </div>
        )}
      </div>
      {editing && (
        <form className={styles.sectionForm} onSubmit={submit} noValidate aria-busy={rename.isPending}>
          {field(`${titleId}-name`)}
          <div className={editor.formActions}>
            <Button type="submit" variant="primary" disabled={rename.isPending}>
              {t('save')}
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setName(section.name ?? '');
                setError('');
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
      {section.name === null && section.items.length > 0 && <p className={ui.muted}>{t('sections.unnamedHint')}</p>}
      {section.items.length === 0 ? (
        <p className={ui.muted}>{t('sections.empty')}</p>
      ) : (
        <ul className={styles.items} aria-label={t('sections.itemsOf', { name: label })}>
          {section.items.map((item) => (
            <li key={item.id}>
              <ItemRow item={item} mayEdit={mayEdit} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Add a section": its name, last in the menu. */
function AddSection({ menuId }: { menuId: string }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const { firmId } = useWorkspace();
  const create = useCreateSection(firmId);
  const { name, setName, setError, field } = useSectionName('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = menuSectionCreateSchema.safeParse({ menuId, name });
    if (!parsed.success) return setError(messages.ofIssues(parsed.error.issues, { name: t('sections.name') }, { name }).name ?? '');
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        toast.success(t('sections.created', { name: parsed.data.name }));
      },
      onError: (failure) => setError(messages.ofFailure(failure, { name: t('sections.name') }).name ?? messages.problem(failure)),
    });
  };
  return (
    <section className={ui.panel} aria-labelledby="add-section-title">
      <h2 id="add-section-title" className={ui.panelTitle}>
        {t('sections.add')}
      </h2>
      <form className={styles.sectionForm} onSubmit={submit} noValidate aria-busy={create.isPending}>
        {field('new-section-name', t('sections.nameHint'))}
        <div className={editor.formActions}>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            <Plus size={18} aria-hidden="true" />
            {t('sections.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ItemRow({ item, mayEdit }: { item: OwnerMenuItem; mayEdit: boolean }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const format = useFormatters();
  const { firmId } = useWorkspace();
  const availability = useItemAvailability(firmId);
  const switchId = `available-${item.id}`;
  // the switch moves at once; the saved state takes over once saved, a refusal puts it back
  const [moved, setMoved] = useState<boolean | null>(null);
  const soldOut = moved ?? !item.available;
  return (
    <div className={styles.item}>
      <div className={editor.thumb}>
        {item.imagePath && <ResponsiveImage path={item.imagePath} color={item.imageColor} alt="" aspect="1 / 1" sizes="64px" />}
      </div>
      <div className={styles.itemText}>
        <span className={styles.itemName}>
          <bdi>{item.name}</bdi>
        </span>
        <span className={styles.price}>{format.money(item.price, item.currency)}</span>
        <TagList tags={item.tags} />
      </div>
      <div className={styles.itemActions}>
        <label htmlFor={switchId} className={styles.soldOutSwitch}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={soldOut}
            disabled={!mayEdit || availability.isPending}
            onChange={(event) => {
              setMoved(event.target.checked);
              availability.mutate(
                { id: item.id, available: !event.target.checked },
                {
                  onSuccess: (saved) => {
                    setMoved(null);
                    toast.success(t(saved.available ? 'items.backOnSale' : 'items.markedSoldOut', { name: saved.name }));
                  },
                  onError: (error) => {
                    setMoved(null);
                    toast.error(messages.problem(error));
                  },
                },
              );
            }}
          />
          <span>{t('items.soldOut')}</span>
        </label>
        {mayEdit && (
          <Link
            to="/workspace/menu/item/$itemId"
            params={{ itemId: item.id }}
            className={buttonClass({ variant: 'ghost', size: 'small' })}
            aria-label={t('items.editLabel', { name: item.name })}
          >
            <Pencil size={16} aria-hidden="true" />
            {t('edit')}
          </Link>
        )}
      </div>
    </div>
  );
}

function MenuPublished({ menu, mayEdit }: { menu: Menu; mayEdit: boolean }) {
  const { firmId } = useWorkspace();
  const publish = usePublishMenu(firmId);
  return (
    <div className={ui.panel}>
      <PublishSwitch
        id="menu-published"
        name={menu.name}
        published={menu.published}
        mayEdit={mayEdit}
        pending={publish.isPending}
        onChange={(published, callbacks) => publish.mutate({ id: menu.id, published }, callbacks)}
      />
    </div>
  );
}

/** The menu's name, description and serving hours, and its deletion (with its items, after a confirmation). */
function MenuSettings({ menu }: { menu: Menu }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const navigate = useNavigate();
  const { firmId, firm } = useWorkspace();
  const update = useUpdateMenu(firmId);
  const remove = useDeleteMenu(firmId);
  const { draft, errors, setErrors, set, markSaved } = useEditorDraft(
    {
      name: menu.name,
      description: menu.description ?? '',
      serving: servingDraftOf(menu.servingHours),
    },
    (field) => (field === 'serving' ? 'servingHours' : field),
  );
  const deleteAfterConfirm = useDeleteAfterConfirm();
  const labels = { name: t('menus.name'), description: t('menus.description'), servingHours: t('menus.hours.title') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { name: draft.name, description: draft.description, servingHours: servingHoursOf(draft.serving) };
    const parsed = menuInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(messages.ofIssues(parsed.error.issues, labels, values));
    update.mutate(
      { id: menu.id, body: parsed.data },
      {
        onSuccess: () => {
          markSaved();
          toast.success(t('menus.saved'));
        },
        onError: (error) => setErrors(messages.ofFailure(error, labels)),
      },
    );
  };

  const onDelete = () =>
    void deleteAfterConfirm(
      {
        question: t('menus.deleteConfirm', { name: menu.name, count: itemCount(menu) }),
        ok: t('menus.delete'),
        done: t('menus.deleted', { name: menu.name }),
      },
      () => remove.mutateAsync(menu.id),
      () => {
        markSaved();
        void navigate({ to: '/workspace/menu' });
      },
    );

  return (
    <section className={ui.panel} aria-labelledby="menu-settings-title">
      <h2 id="menu-settings-title" className={ui.panelTitle}>
        {t('menus.settings')}
      </h2>
      <form className={editor.form} onSubmit={submit} noValidate aria-busy={update.isPending}>
        <NameFields idPrefix="menu" labels={labels} values={draft} errors={errors} descriptionRows={2} onChange={set} />
        <ServingHoursFields
          value={draft.serving}
          timeZone={firm.timezone}
          error={errors.servingHours || undefined}
          onChange={(serving) => set('serving', serving)}
        />
        <FormProblem message={errors.form} />
        <EditorActions
          submitLabel={t('save')}
          saving={update.isPending}
          deletion={{ label: t('menus.delete'), pending: remove.isPending, onClick: onDelete }}
        />
      </form>
    </section>
  );
}
