import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  block?: boolean;
}

/** The class list of a button; also for links that look like buttons. */
export function buttonClass(
  { variant = 'secondary', size = 'medium', block = false }: Omit<ButtonProps, 'className'> = {},
  extra?: string,
) {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra].filter(Boolean).join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
});
