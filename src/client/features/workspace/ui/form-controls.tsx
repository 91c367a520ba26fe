import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import fieldStyles from '../../../components/ui/text-field.module.css';
import ui from './workspace-ui.module.css';

/** A field edited as one text value (a price as typed, a currency's code). */
export interface ValueFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

interface WrapProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export function FieldWrap({ id, label, error, hint, children }: WrapProps) {
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && <p className={fieldStyles.hint}>{hint}</p>}
      {error && (
        <p className={fieldStyles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  ...select
}: Omit<WrapProps, 'children'> & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <FieldWrap id={id} label={label} error={error} hint={hint}>
      <select id={id} className={fieldStyles.input} {...described(id, error)} {...select}>
        {children}
      </select>
    </FieldWrap>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...area
}: Omit<WrapProps, 'children'> & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldWrap id={id} label={label} error={error} hint={hint}>
      <textarea id={id} className={fieldStyles.input} rows={4} {...described(id, error)} {...area} />
    </FieldWrap>
  );
}

/** A form's problem that belongs to no one field (or to a group: the pictures, the tags), when there is one. */
export function FormProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className={ui.errorBox} role="alert">
      {message}
    </p>
  );
}
