import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { OwnerMenus } from '../../../../shared/owner-catalogue';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { ownerMenusQuery, useSortMenu } from '../api/menus';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { useCatalogueMessages } from './catalogue-messages';
import { moveTo } from './reorder';
import { SortableList } from './sortable-list';
import styles from './sort-menu.module.css';

interface SortItem {
  id: string;
  label: string;
  available: boolean;
}
interface SortSection {
  id: string;
  label: string;
  items: SortItem[];
}

const sectionsOf = (data: OwnerMenus): SortSection[] =>
  data.menus.map((menu) => ({
    id: menu.id,
    label: menu.name,
    items: menu.items.map((item) => ({ id: item.id, label: item.name, available: item.available })),
  }));

const orderKey = (sections: SortSection[]) =>
  sections.map((section) => `${section.id}:${section.items.map((item) => item.id).join(',')}`).join('|');

/**
 * `workspace/sort-menu`: the order of the sections (menus) and of the items in each, as the public
 * menu shows them. Dragged by their handles or moved with the keyboard (arrow keys on a handle, or
 * the up/down buttons), each move announced; saved in one call, all or nothing.
 */
export function SortMenuPage() {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const menus = useQuery(ownerMenusQuery(workspace.firmId));
  usePageTitle(t('sort.title'));

  return (
    <div className={ui.page}>
      <Link to="/workspace/menu" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('menus.title')}
      </Link>
      <header>
        <h1 className={ui.pageTitle}>{t('sort.title')}</h1>
        <p className={ui.lead} id="sort-help">
          {t('sort.lead')}
        </p>
      </header>
      {menus.isPending ? (
        <PageSpinner />
      ) : menus.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{messages.problem(menus.error)}</p>
          <Button onClick={() => void menus.refetch()}>{t('retry')}</Button>
        </div>
      ) : menus.data.menus.length === 0 ? (
        <p className={ui.panel}>{t('menus.empty')}</p>
      ) : (
        <Sorter key={orderKey(sectionsOf(menus.data))} saved={sectionsOf(menus.data)} mayEdit={workspace.can('catalogue.edit')} />
      )}
    </div>
  );
}

function Sorter({ saved, mayEdit }: { saved: SortSection[]; mayEdit: boolean }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const { firmId } = useWorkspace();
  const sort = useSortMenu(firmId);
  const [sections, setSections] = useState(saved);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dirty = orderKey(sections) !== orderKey(saved);

  const moveSection = (from: number, to: number) => {
    const next = moveTo(sections, from, to);
    setSections(next);
    setError(undefined);
    setAnnouncement(t('sort.movedSection', { name: next[to].label, position: to + 1, count: next.length }));
  };
  const moveItem = (sectionIndex: number) => (from: number, to: number) => {
    const section = sections[sectionIndex];
    const items = moveTo(section.items, from, to);
    setSections(sections.map((current, at) => (at === sectionIndex ? { ...current, items } : current)));
    setError(undefined);
    setAnnouncement(t('sort.movedItem', { name: items[to].label, position: to + 1, count: items.length, section: section.label }));
  };

  const save = () =>
    sort.mutate(
      { menus: sections.map((section) => ({ id: section.id, itemIds: section.items.map((item) => item.id) })) },
      {
        onSuccess: () => {
          toast.success(t('sort.saved'));
          setAnnouncement(t('sort.saved'));
        },
        onError: (failure) => {
          // someone added or deleted an item meanwhile: the page reloads the menu (a new key)
          if (failure instanceof ApiError && failure.code === 'menu_changed') toast.error(messages.problem(failure));
          else setError(messages.problem(failure));
        },
      },
    );

  return (
    <>
      <p className="visually-hidden" aria-live="assertive" role="status">
        {announcement}
      </p>
      <SortableList
        rows={sections}
        label={t('sort.sections')}
        onMove={mayEdit ? moveSection : () => {}}
        renderRow={(section, sectionIndex) => (
          <>
            <span className={styles.sectionName}>
              <bdi>{section.label}</bdi>
            </span>
            {section.items.length === 0 ? (
              <p className={ui.muted}>{t('items.empty')}</p>
            ) : (
              <SortableList
                className={styles.items}
                rows={section.items}
                label={t('sort.itemsOf', { section: section.label })}
                onMove={mayEdit ? moveItem(sectionIndex) : () => {}}
                renderRow={(item) => (
                  <span className={styles.itemName}>
                    <bdi>{item.label}</bdi>
                    {!item.available && <span className={styles.soldOut}>{t('items.soldOut')}</span>}
                  </span>
                )}
              />
            )}
          </>
        )}
      />
      {error && (
        <p className={ui.errorBox} role="alert">
          {error}
        </p>
      )}
      {mayEdit && (
        <div className={styles.bar}>
          <span className={ui.muted}>{dirty ? t('sort.unsaved') : t('sort.upToDate')}</span>
          <div className={ui.headerActions}>
            <Button
              disabled={!dirty || sort.isPending}
              onClick={() => {
                setSections(saved);
                setError(undefined);
                setAnnouncement(t('sort.reverted'));
              }}
            >
              {t('sort.revert')}
            </Button>
            <Button variant="primary" disabled={!dirty || sort.isPending} onClick={save}>
              {t('sort.save')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
