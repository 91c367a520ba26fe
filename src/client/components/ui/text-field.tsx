import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import styles from './text-field.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'ref'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  id: string;
}

/** A labelled input with its inline message; password fields get a show/hide toggle. */
export function TextField({ label, error, hint, id, type = 'text', className, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  const control = (
    <input {...input} id={id} type={isPassword && reveal ? 'text' : type} className={[styles.input, className].filter(Boolean).join(' ')} />
  );
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {isPassword ? (
        <div className={styles.passwordWrap}>
          {control}
          <button
            type="button"
            className={styles.reveal}
            onClick={() => setReveal((value) => !value)}
            aria-label={reveal ? t('hidePassword') : t('showPassword')}
            aria-pressed={reveal}
          >
            {reveal ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
          </button>
        </div>
      ) : (
        control
      )}
      {hint && !error && <p className={styles.hint}>{hint}</p>}
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
