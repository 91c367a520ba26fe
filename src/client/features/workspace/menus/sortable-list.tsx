import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ChevronDown, ChevronUp, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dropIndex } from './reorder';
import styles from './sort-menu.module.css';

interface SortableRow {
  id: string;
  label: string;
}

/** Moves out of the list into the section before or after it (sort-menu's items). */
export interface AcrossSections {
  prev: boolean;
  next: boolean;
  move: (index: number, direction: -1 | 1) => void;
  /** a row dragged over another list marked `dropTarget` (that row's id), at `to` */
  dropInto: (index: number, targetId: string, to: number) => void;
}

/** Focuses a row's drag handle once the move has been painted (keyboard moves keep the focus on the moved row). */
export function focusHandle(id: string) {
  requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-handle="${CSS.escape(id)}"]`)?.focus());
}

/**
 * A list reordered by dragging its handles (pointer events: mouse, pen and touch alike) or from
 * the keyboard: the handle moves its row with the arrow keys, and every row has "move up" and
 * "move down" buttons. With `across`, a row also moves into the previous or next section (buttons,
 * the arrow keys past the first or last place, or a drag over another section). The page
 * announces each move in its aria-live region. `renderChildren` goes under the row's own line,
 * full width (a menu's sections, a section's items).
 */
export function SortableList<R extends SortableRow>({
  rows,
  label,
  onMove,
  renderRow,
  renderChildren,
  across,
  dropTarget,
  className,
}: {
  rows: readonly R[];
  /** the list's accessible name (a section's name) */
  label: string;
  onMove: (from: number, to: number) => void;
  renderRow: (row: R, index: number) => ReactNode;
  renderChildren?: (row: R, index: number) => ReactNode;
  across?: AcrossSections;
  /** the rows are sections: items dragged from another section may land in them */
  dropTarget?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('workspace-catalogue');
  const list = useRef<HTMLUListElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const at = useRef(0);

  const start = (event: PointerEvent<HTMLButtonElement>, index: number, id: string) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    at.current = index;
    setDragging(id);
  };
  const drag = (event: PointerEvent<HTMLButtonElement>) => {
    if (!dragging || !list.current) return;
    const box = list.current.getBoundingClientRect();
    if (across && (event.clientY < box.top || event.clientY > box.bottom)) {
      // over another section: the row moves there (and the drag ends, its handle now in that list)
      const target = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-drop-target]');
      const targetId = target?.dataset.dropTarget;
      if (target && targetId && !target.contains(list.current)) {
        const middles = [...target.querySelectorAll<HTMLElement>('[data-drop-row]')].map((row) => {
          const rowBox = row.getBoundingClientRect();
          return rowBox.top + rowBox.height / 2;
        });
        setDragging(null);
        across.dropInto(at.current, targetId, middles.filter((middle) => event.clientY > middle).length);
        return;
      }
    }
    const middles = [...list.current.children].map((child) => {
      const childBox = child.getBoundingClientRect();
      return childBox.top + childBox.height / 2;
    });
    const to = dropIndex(middles, at.current, event.clientY);
    if (to !== at.current) {
      onMove(at.current, to);
      at.current = to;
    }
  };
  const end = () => setDragging(null);

  const keyMove = (event: KeyboardEvent<HTMLButtonElement>, index: number, id: string) => {
    const direction = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (direction === 0) return;
    const to = index + direction;
    if (to < 0 || to >= rows.length) {
      // past the first or last place: into the previous or next section, if there is one
      if (!across || !(direction < 0 ? across.prev : across.next)) return;
      event.preventDefault();
      across.move(index, direction);
      focusHandle(id);
      return;
    }
    event.preventDefault();
    onMove(index, to);
    focusHandle(id);
  };

  return (
    <ul ref={list} className={[styles.list, className].filter(Boolean).join(' ')} aria-label={label}>
      {rows.map((row, index) => (
        <li
          key={row.id}
          className={[styles.row, dragging === row.id && styles.dragging].filter(Boolean).join(' ')}
          data-drop-target={dropTarget ? row.id : undefined}
          data-drop-row={across ? '' : undefined}
        >
          <div className={styles.rowLine}>
            <button
              type="button"
              data-handle={row.id}
              className={styles.handle}
              aria-label={t('sort.handle', { name: row.label, position: index + 1, count: rows.length })}
              aria-describedby="sort-help"
              onPointerDown={(event) => start(event, index, row.id)}
              onPointerMove={drag}
              onPointerUp={end}
              onPointerCancel={end}
              onKeyDown={(event) => keyMove(event, index, row.id)}
            >
              <Menu size={20} aria-hidden="true" />
            </button>
            <div className={styles.rowBody}>{renderRow(row, index)}</div>
            <div className={styles.moves}>
              {across && (
                <button
                  type="button"
                  className={styles.move}
                  disabled={!across.prev}
                  aria-label={t('sort.prevSection', { name: row.label })}
                  title={t('sort.prevSection', { name: row.label })}
                  onClick={() => across.move(index, -1)}
                >
                  <ChevronUp size={18} aria-hidden="true" />
                </button>
              )}
              <button
                type="button"
                className={styles.move}
                disabled={index === 0}
                aria-label={t('sort.up', { name: row.label })}
                onClick={() => onMove(index, index - 1)}
              >
                <ArrowUp size={18} aria-hidden="true" />
              </button>
              <button
                type="button"
                className={styles.move}
                disabled={index === rows.length - 1}
                aria-label={t('sort.down', { name: row.label })}
                onClick={() => onMove(index, index + 1)}
              >
                <ArrowDown size={18} aria-hidden="true" />
              </button>
              {across && (
                <button
                  type="button"
                  className={styles.move}
                  disabled={!across.next}
                  aria-label={t('sort.nextSection', { name: row.label })}
                  title={t('sort.nextSection', { name: row.label })}
                  onClick={() => across.move(index, 1)}
                >
                  <ChevronDown size={18} aria-hidden="true" />
                </button>
              )}
            </div>
          </div>
          {renderChildren?.(row, index)}
        </li>
      ))}
    </ul>
  );
}
