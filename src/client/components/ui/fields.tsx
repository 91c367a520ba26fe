import { useOptimistic, useTransition, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { HelpText, useHelpTexts } from './help-text';
import styles from './fields.module.css';
import inputs from './text-field.module.css';

/** A labelled select. */
export function SelectField({
  label,
  id,
  hint,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; id: string; hint?: string; error?: string; children: ReactNode }) {
  // a choice has no format to explain: its hint is a help text (shown with the member's flag)
  const shownHint = useHelpTexts() ? hint : undefined;
  return (
    <div className={inputs.field}>
      <label className={inputs.label} htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={`${inputs.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : shownHint ? `${id}-hint` : undefined}
      >
        {children}
      </select>
      {shownHint && !error && (
        <p className={styles.hint} id={`${id}-hint`} data-help-text="">
          {shownHint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line text box with a character count. */
export function TextAreaField({
  label,
  id,
  error,
  maxLength,
  value,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; id: string; error?: string; value: string }) {
  return (
    <div className={inputs.field}>
      <label className={inputs.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        {...area}
        id={id}
        value={value}
        maxLength={maxLength}
        className={`${inputs.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <div className={styles.below}>
        {error ? (
          <p className={styles.error} id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        {maxLength && (
          <span className={styles.count} aria-hidden="true">
            {value.length}/{maxLength}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * The choose control in single mode: choices drawn as cards (radio buttons), one chosen. An option may carry an icon (decoration: its label
 * says it) and be disabled, when its description should say why.
 */
export function ChoiceCards<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: { value: V; label: ReactNode; description?: ReactNode; icon?: ReactNode; disabled?: boolean }[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend className={inputs.label}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className={styles.choiceText}>
            <span className={styles.choiceLabel}>
              {option.icon && (
                <span className={styles.choiceIcon} aria-hidden="true">
                  {option.icon}
                </span>
              )}
              {option.label}
            </span>
            {option.description && <span className={styles.choiceDescription}>{option.description}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The choose control in multiple mode, drawn as chips (checkboxes): any number chosen, choosing a chosen one removes
 * it, a disabled one cannot be chosen. `value` may hold values offered by another control over the same list (a
 * dish's dietary and allergen pickers share its tags): those stay as they are.
 */
export function MultiChoice<V extends string | number>({
  legend,
  legendHidden = false,
  options,
  value,
  onChange,
}: {
  legend: string;
  /** when a heading beside the control already says what it chooses */
  legendHidden?: boolean;
  options: { value: V; label: ReactNode; disabled?: boolean }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
}) {
  const toggle = ({ value: option, disabled }: { value: V; disabled?: boolean }) => {
    if (disabled) return;
    onChange(value.includes(option) ? value.filter((chosen) => chosen !== option) : [...value, option]);
  };
  return (
    <fieldset className={styles.choices}>
      <legend className={legendHidden ? 'visually-hidden' : inputs.label}>{legend}</legend>
      <div className={styles.chips}>
        {options.map((option) => (
          <label key={option.value} className={styles.chip}>
            <input type="checkbox" checked={value.includes(option.value)} disabled={option.disabled} onChange={() => toggle(option)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A row with a label (and a line of explanation: a help text) and an on/off switch. A switch that saves at once
 * (`onChange` returns the save's promise) moves under the finger and stays there until the save is done: by then
 * `checked` says what was saved, or, refused, what it was (the caller shows why, from its own save's error).
 * Without it the switch stayed put until the server's answer had come back and been drawn.
 */
export function SwitchRow({
  label,
  description,
  checked,
  onChange,
  disabled,
  id,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void | Promise<unknown>;
  disabled?: boolean;
  id: string;
}) {
  const [shown, showMove] = useOptimistic(checked);
  const [, startTransition] = useTransition();
  const move = (next: boolean) =>
    startTransition(async () => {
      showMove(next);
      await Promise.resolve(onChange(next)).catch(() => undefined);
    });
  return (
    <div className={styles.switchRow}>
      <label htmlFor={id} className={styles.switchText}>
        <span className={styles.choiceLabel}>{label}</span>
        {description && (
          <HelpText as="span" className={styles.choiceDescription}>
            {description}
          </HelpText>
        )}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={shown}
        disabled={disabled}
        onChange={(event) => move(event.target.checked)}
      />
    </div>
  );
}
