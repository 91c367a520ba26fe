import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dropIndex } from './reorder';
import styles from './sort-menu.module.css';

interface SortableRow {
  id: string;
  label: string;
}

/**
 * A list reordered by dragging its handles (pointer events: mouse, pen and touch alike) or from
 * the keyboard: the handle moves its row with the arrow keys, and every row has "move up" and
 * "move down" buttons. The page announces each move (`onMoved`) in its aria-live region.
 */
export function SortableList<R extends SortableRow>({
  rows,
  label,
  onMove,
  renderRow,
  className,
}: {
  rows: readonly R[];
  /** the list's accessible name (a section's name) */
  label: string;
  onMove: (from: number, to: number) => void;
  renderRow: (row: R, index: number) => ReactNode;
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
    const middles = [...list.current.children].map((child) => {
      const box = child.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    const to = dropIndex(middles, at.current, event.clientY);
    if (to !== at.current) {
      onMove(at.current, to);
      at.current = to;
    }
  };
  const end = () => setDragging(null);

  const keyMove = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : -1;
    if (to < 0 || to >= rows.length) return;
    event.preventDefault();
    onMove(index, to);
    // keep the focus on the moved row's handle
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLButtonElement>(':scope > li > [data-handle]')[to]?.focus());
  };

  return (
    <ul ref={list} className={[styles.list, className].filter(Boolean).join(' ')} aria-label={label}>
      {rows.map((row, index) => (
        <li key={row.id} className={[styles.row, dragging === row.id && styles.dragging].filter(Boolean).join(' ')}>
          <button
            type="button"
            data-handle
            className={styles.handle}
            aria-label={t('sort.handle', { name: row.label, position: index + 1, count: rows.length })}
            aria-describedby="sort-help"
            onPointerDown={(event) => start(event, index, row.id)}
            onPointerMove={drag}
            onPointerUp={end}
            onPointerCancel={end}
            onKeyDown={(event) => keyMove(event, index)}
          >
            <Menu size={20} aria-hidden="true" />
          </button>
          <div className={styles.rowBody}>{renderRow(row, index)}</div>
          <div className={styles.moves}>
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
          </div>
        </li>
      ))}
    </ul>
  );
}
