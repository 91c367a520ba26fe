import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import styles from './menu-button.module.css';

export interface MenuItem {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  icon?: ReactNode;
}

/**
 * A button that opens a short menu of actions (e.g. 'Friends ▾': remove, block). Escape and a
 * click elsewhere close it; arrow keys move between the items; focus returns to the button.
 */
export function MenuButton({
  label,
  items,
  buttonProps,
  align = 'end',
}: {
  label: ReactNode;
  items: MenuItem[];
  buttonProps?: Omit<ButtonProps, 'onClick' | 'children'>;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const entries = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    const next = entries[(index + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length];
    next?.focus();
    event.preventDefault();
  };

  return (
    // the arrow keys and Escape come up from the focused button or menu item; the wrapper only listens
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={styles.root} ref={root} onKeyDown={onKeyDown}>
      <Button {...buttonProps} ref={button} aria-haspopup="menu" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {label}
      </Button>
      {open && (
        <div className={styles.menu} role="menu" id={id} data-align={align}>
          {items.map((item, index) => (
            <button
              key={index}
              type="button"
              role="menuitem"
              className={styles.item}
              data-danger={item.danger || undefined}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                item.onSelect();
              }}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
