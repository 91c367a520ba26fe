import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useFormMessages } from './form-messages';

type Values = Record<string, string>;

/**
 * When a field's own message shows: `always` at once (a form over stored values, where a value that no longer passes
 * should say so before anyone types), `touched` once the field was left or the form sent, `submit` only once the form
 * was sent (a sign-in form, where tabbing past an empty box is not a mistake).
 */
export type MessageDisplay = 'always' | 'touched' | 'submit';

/**
 * A small form state for zod schemas: messages show by the form's display mode, server field errors show until that
 * field changes, and submit focuses the first invalid control.
 */
export function useZodForm<S extends z.ZodType>(
  schema: S,
  initial: Values,
  labels: Record<string, string>,
  display: MessageDisplay = 'touched',
) {
  const messages = useFormMessages();
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  /** a message for the whole form (a refused login, a lockout), until the next submit */
  const [formError, setFormError] = useState<string | undefined>();
  const refs = useRef<Record<string, HTMLInputElement | null>>({});

  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const clientErrors = useMemo(() => {
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (name && !errors[name]) errors[name] = messages.ofIssue(issue, labels[name] ?? name, values[name]);
      }
    }
    return errors;
  }, [parsed, labels, values, messages]);

  const shows = (name: string) => display === 'always' || submitted || (display === 'touched' && touched[name]);
  const errorOf = (name: string): string | undefined => serverErrors[name] ?? (shows(name) ? clientErrors[name] : undefined);

  const setValue = useCallback((name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  /** props for an <input> */
  const field = (name: string) => ({
    name,
    id: `field-${name}`,
    value: values[name] ?? '',
    ref: (element: HTMLInputElement | null) => {
      refs.current[name] = element;
    },
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `field-${name}-error` : undefined,
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) {
      const first = Object.keys(values).find((name) => clientErrors[name]);
      if (first) refs.current[first]?.focus();
      return;
    }
    void onValid(parsed.data);
  };

  /** shows the per-field errors of a 400 problem */
  const applyServerErrors = (errors: Record<string, string[]> | undefined): boolean => {
    if (!errors) return false;
    const mapped: Record<string, string> = {};
    for (const [name, list] of Object.entries(errors)) {
      if (name in values && list[0]) mapped[name] = messages.ofServer(list[0], labels[name] ?? name);
    }
    setServerErrors(mapped);
    const first = Object.keys(mapped)[0];
    if (first) refs.current[first]?.focus();
    return Object.keys(mapped).length > 0;
  };

  /**
   * Submit handler that sends valid data to the server: `pending` while it runs, then `onSent`
   * when the server took it, or its per-field errors on the fields.
   */
  const submitTo = (
    send: (data: z.output<S>) => Promise<true | { fieldErrors?: Record<string, string[]>; formError?: string }>,
    onSent: (data: z.output<S>) => void | Promise<void>,
  ) =>
    handleSubmit(async (data) => {
      setPending(true);
      setFormError(undefined);
      const result = await send(data);
      setPending(false);
      if (result === true) await onSent(data);
      else {
        applyServerErrors(result.fieldErrors);
        setFormError(result.formError);
      }
    });

  return { values, setValue, field, errorOf, handleSubmit, submitTo, pending, formError, applyServerErrors, isValid: parsed.success };
}
