import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './icon-button.module.css';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A round 44 px button holding one icon (pass the icon as the child, `aria-hidden`). */
export function IconButton({ label, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
      {...props}
    />
  );
}
