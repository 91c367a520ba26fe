import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { kitchenTimersInputSchema, type KitchenTimers } from '../../../../shared/kitchen';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import styles from './kitchen.module.css';

type Field = keyof KitchenTimers;
/** Every rule of a field comes down to one sentence: its whole minutes and its bounds. */
const RULE: Record<Field, string> = { amber: 'validation.timerAmber', red: 'validation.timerRed' };

/** When the board's timers turn amber and red, checked by the same rules as the server before saving. */
export function TimersForm({
  timers,
  disabled,
  onSave,
}: {
  timers: KitchenTimers;
  disabled: boolean;
  onSave: (timers: KitchenTimers) => void;
}) {
  const { t } = useTranslation('workspace-kitchen');
  const [values, setValues] = useState({ amber: String(timers.amber), red: String(timers.red) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      amber: values.amber === '' ? undefined : Number(values.amber),
      red: values.red === '' ? undefined : Number(values.red),
    };
    const parsed = kitchenTimersInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] = t(RULE[field], { label: t(`setup.${field}`) });
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };

  const field = (name: Field) => (
    <TextField
      id={`kitchen-timer-${name}`}
      label={t(`setup.${name}`)}
      type="number"
      inputMode="numeric"
      min={1}
      max={240}
      step={1}
      value={values[name]}
      error={errors[name]}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `kitchen-timer-${name}-error` : undefined}
      disabled={disabled}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className={styles.timers}>
        <legend className={styles.panelTitle}>{t('setup.timers')}</legend>
        {field('amber')}
        {field('red')}
        <Button type="submit" size="small" className={styles.timersSave} disabled={disabled}>
          {t('setup.saveTimers')}
        </Button>
      </fieldset>
    </form>
  );
}
