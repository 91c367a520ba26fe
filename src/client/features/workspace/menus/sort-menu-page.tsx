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
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { useCatalogueMessages } from '../catalogue-editor/catalogue-messages';
import { moveItemAcross, moveTo, neighbourSection, type SectionAt } from './reorder';
import { focusHandle, SortableList } from './sortable-list';
import styles from './sort-menu.module.css';

interface SortItem {
  id: string;
  label: string;
  available: boolean;
}
interface SortSection {
  id: string;
  /** what the buttons and announcements call it: its name, or "Items without a section (Drinks)" */
  label: string;
  named: boolean;
  items: SortItem[];
}
interface SortMenu {
  id: string;
  label: string;
  sections: SortSection[];
}

/** `unnamed`: what an unnamed section is called, with its menu's name (the rows' buttons and announcements name it). */
const menusOf = (data: OwnerMenus, unnamed: (menu: string) => string): SortMenu[] =>
  data.menus.map((menu) => ({
    id: menu.id,
    label: menu.name,
    sections: menu.sections.map((section) => ({
      id: section.id,
      label: section.name ?? unnamed(menu.name),
      named: section.name !== null,
      items: section.items.map((item) => ({ id: item.id, label: item.name, available: item.available })),
    })),
  }));

const orderKey = (menus: SortMenu[]) =>
  menus
    .map(
      (menu) =>
        `${menu.id}:${menu.sections.map((section) => `${section.id}(${section.items.map((item) => item.id).join(',')})`).join(';')}`,
    )
    .join('|');

/**
 * `workspace/sort-menu`: the order of the menus, of the sections in each and of the items in each
 * section, as the public menu shows them. Dragged by their handles or moved with the keyboard
 * (arrow keys on a handle, or the buttons); an item also moves to the previous or next section
 * (buttons, the arrow keys past its section's ends, or a drag over another section). Each move
 * is announced; saved in one call, all or nothing.
 */
export function SortMenuPage() {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const workspace = useWorkspace();
  const menus = useQuery(ownerMenusQuery(workspace.firmId));
  usePageTitle(t('sort.title'));
  const unnamed = (menu: string) => t('sort.unnamedOf', { menu });

  return (
    <div className={ui.page}>
      <Link to="/workspace/menu" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('menus.title')}
      </Link>
      <WorkspacePageHeader title={t('sort.title')} lead={t('sort.lead')} leadId="sort-help" />
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
        <Sorter
          key={orderKey(menusOf(menus.data, unnamed))}
          saved={menusOf(menus.data, unnamed)}
          mayEdit={workspace.can('catalogue.edit')}
        />
      )}
    </div>
  );
}

function Sorter({ saved, mayEdit }: { saved: SortMenu[]; mayEdit: boolean }) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  const { firmId } = useWorkspace();
  const sort = useSortMenu(firmId);
  const [menus, setMenus] = useState(saved);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dirty = orderKey(menus) !== orderKey(saved);
  const noop = () => {};

  const changed = (next: SortMenu[], message: string) => {
    setMenus(next);
    setError(undefined);
    setAnnouncement(message);
  };
  const moveMenu = (from: number, to: number) => {
    const next = moveTo(menus, from, to);
    changed(next, t('sort.movedSection', { name: next[to].label, position: to + 1, count: next.length }));
  };
  const moveSection = (menuIndex: number) => (from: number, to: number) => {
    const sections = moveTo(menus[menuIndex].sections, from, to);
    changed(
      menus.map((menu, at) => (at === menuIndex ? { ...menu, sections } : menu)),
      t('sort.movedSection', { name: sections[to].label, position: to + 1, count: sections.length }),
    );
  };
  const moveItem = (at: SectionAt) => (from: number, to: number) => {
    const section = menus[at.menu].sections[at.section];
    const items = moveTo(section.items, from, to);
    changed(
      menus.map((menu, m) =>
        m === at.menu
          ? { ...menu, sections: menu.sections.map((current, s) => (s === at.section ? { ...current, items } : current)) }
          : menu,
      ),
      t('sort.movedItem', { name: items[to].label, position: to + 1, count: items.length, section: section.label }),
    );
  };
  /** An item into another section: last of the previous one, first of the next one, or where it was dropped. */
  const moveAcross = (from: SectionAt, index: number, to: SectionAt, toIndex: number) => {
    const item = menus[from.menu].sections[from.section].items[index];
    const next = moveItemAcross(menus, from, index, to, toIndex);
    const target = next[to.menu].sections[to.section];
    const position = target.items.findIndex((candidate) => candidate.id === item.id) + 1;
    changed(next, t('sort.movedAcross', { name: item.label, section: target.label, position, count: target.items.length }));
  };
  const across = (at: SectionAt) => {
    const prev = neighbourSection(menus, at, -1);
    const next = neighbourSection(menus, at, 1);
    return {
      prev: Boolean(prev),
      next: Boolean(next),
      move: (index: number, direction: -1 | 1) => {
        const to = direction < 0 ? prev : next;
        if (!to) return;
        moveAcross(at, index, to, direction < 0 ? menus[to.menu].sections[to.section].items.length : 0);
      },
      dropInto: (index: number, targetId: string, toIndex: number) => {
        const menu = menus.findIndex((candidate) => candidate.sections.some((section) => section.id === targetId));
        if (menu < 0) return;
        const item = menus[at.menu].sections[at.section].items[index];
        moveAcross(at, index, { menu, section: menus[menu].sections.findIndex((section) => section.id === targetId) }, toIndex);
        focusHandle(item.id);
      },
    };
  };

  const save = () =>
    sort.mutate(
      {
        menus: menus.map((menu) => ({
          id: menu.id,
          sections: menu.sections.map((section) => ({ id: section.id, itemIds: section.items.map((item) => item.id) })),
        })),
      },
      {
        onSuccess: () => {
          toast.success(t('sort.saved'));
          setAnnouncement(t('sort.saved'));
        },
        onError: (failure) => {
          // someone added or deleted a section or an item meanwhile: the page reloads the menu (a new key)
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
        rows={menus}
        className={styles.menus}
        label={t('sort.menus')}
        onMove={mayEdit ? moveMenu : noop}
        renderRow={(menu) => (
          <span className={styles.menuName}>
            <bdi>{menu.label}</bdi>
          </span>
        )}
        renderChildren={(menu, menuIndex) => (
          <div className={styles.children}>
            <SortableList
              rows={menu.sections}
              className={styles.sections}
              dropTarget
              label={t('sort.sectionsOf', { menu: menu.label })}
              onMove={mayEdit ? moveSection(menuIndex) : noop}
              renderRow={(section) => (
                <span className={styles.sectionName}>
                  <bdi>{section.named ? section.label : t('sections.unnamed')}</bdi>
                </span>
              )}
              renderChildren={(section, sectionIndex) => {
                const at = { menu: menuIndex, section: sectionIndex };
                return (
                  <div className={styles.children}>
                    {section.items.length === 0 ? (
                      <p className={`${ui.muted} ${styles.sectionEmpty}`}>{t('sections.empty')}</p>
                    ) : (
                      <SortableList
                        className={styles.items}
                        rows={section.items}
                        label={t('sort.itemsOf', { section: section.label })}
                        onMove={mayEdit ? moveItem(at) : noop}
                        across={mayEdit ? across(at) : undefined}
                        renderRow={(item) => (
                          <span className={styles.itemName}>
                            <bdi>{item.label}</bdi>
                            {!item.available && <span className={styles.soldOut}>{t('items.soldOut')}</span>}
                          </span>
                        )}
                      />
                    )}
                  </div>
                );
              }}
            />
          </div>
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
                setMenus(saved);
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
