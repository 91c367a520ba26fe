import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Plus } from 'lucide-react';
import { menuInputSchema, type OwnerMenus } from '../../../../shared/owner-catalogue';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { ownerMenusQuery, useCreateMenu } from '../api/menus';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import styles from './menus.module.css';

/**
 * `workspace/menu`: the firm's menus (Breakfast, Drinks…), each a section of the menu on its public
 * page, with their items; a new menu is added here, each is edited on its own page.
 */
export function MenusPage() {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const menus = useQuery(ownerMenusQuery(workspace.firmId));
  usePageTitle(t('menus.title'));
  const mayEdit = workspace.can('catalogue.edit');

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('menus.title')}
        lead={t('menus.lead')}
        actions={
          mayEdit &&
          menus.data &&
          menus.data.menus.length > 0 && (
            <Link to="/workspace/sort-menu" className={buttonClass({ variant: 'secondary' })}>
              {t('sort.title')}
            </Link>
          )
        }
      />
      {menus.isPending ? (
        <PageSpinner />
      ) : menus.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{messages.problem(menus.error)}</p>
          <Button onClick={() => void menus.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <>
          {mayEdit && <NewMenuForm />}
          {menus.data.menus.length === 0 ? (
            <p className={ui.panel}>{t('menus.empty')}</p>
          ) : (
            <ul className={styles.menuList}>
              {menus.data.menus.map((menu) => (
                <li key={menu.id}>
                  <MenuCard menu={menu} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function MenuCard({ menu }: { menu: OwnerMenus['menus'][number] }) {
  const { t } = useCatalogueMessages();
  const items = menu.sections.flatMap((section) => section.items);
  const soldOut = items.filter((item) => !item.available).length;
  return (
    <Link to="/workspace/menu/$menuId" params={{ menuId: menu.id }} className={styles.menuCard}>
      <span className={styles.menuCardText}>
        <span className={styles.menuName}>
          <bdi>{menu.name}</bdi>
        </span>
        {!menu.published && <span className={`${ui.badge} ${styles.hiddenBadge}`}>{t('publish.hidden')}</span>}
        {menu.description && (
          <span className={ui.muted} dir="auto">
            {menu.description}
          </span>
        )}
        <span className={ui.muted}>
          {t('menus.itemCount', { count: items.length })}
          {soldOut > 0 && ` · ${t('menus.soldOutCount', { count: soldOut })}`}
        </span>
      </span>
      <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
    </Link>
  );
}

function NewMenuForm() {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const create = useCreateMenu(workspace.firmId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refused, setPlanLimited] = useState(false);
  const planLimited = refused || !workspace.canCreate('CREATE_MENU');
  const label = t('menus.name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = menuInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(messages.ofIssue(parsed.error.issues[0], label, name));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('menus.created', { name: parsed.data.name }));
        setName('');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'plan_limit') setPlanLimited(true);
        const found = messages.ofFailure(failure, { name: label });
        setError(found.name ?? found.form);
      },
    });
  };

  if (planLimited) return <PlanLimitNote featureKey="CREATE_MENU" />;
  return (
    <form className={`${ui.panel} ${styles.inlineForm}`} onSubmit={submit} noValidate aria-busy={create.isPending}>
      <TextField
        id="new-menu-name"
        label={label}
        hint={t('menus.nameHint')}
        value={name}
        dir="auto"
        maxLength={120}
        error={error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'new-menu-name-error' : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="primary" disabled={create.isPending}>
        <Plus size={18} aria-hidden="true" />
        {t('menus.add')}
      </Button>
    </form>
  );
}
