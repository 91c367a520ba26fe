import type { ReactNode } from 'react';
import styles from './pill-tabs.module.css';

export interface PillTab<K extends string> {
  key: K;
  label: ReactNode;
  /** a small count after the label */
  count?: number;
}

/**
 * A row of pill-shaped tabs (a tablist): the selected one filled. Arrow keys move between them.
 * The panel is the caller's (`role="tabpanel"`, `aria-labelledby={tabId(key)}`).
 */
export function PillTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
}: {
  tabs: PillTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  idPrefix: string;
}) {
  const move = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next = tabs[(index + (rtl ? -step : step) + tabs.length) % tabs.length];
    onSelect(next.key);
    document.getElementById(`${idPrefix}-${next.key}`)?.focus();
    event.preventDefault();
  };
  return (
    // roving focus: the selected tab is the one focusable stop and its arrow keys bubble up to the list
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div role="tablist" aria-label={label} className={styles.tabs} onKeyDown={move}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          id={`${idPrefix}-${tab.key}`}
          type="button"
          role="tab"
          aria-selected={tab.key === selected}
          tabIndex={tab.key === selected ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
          {tab.count !== undefined && tab.count > 0 && <span className={styles.count}>{tab.count}</span>}
        </button>
      ))}
    </div>
  );
}
