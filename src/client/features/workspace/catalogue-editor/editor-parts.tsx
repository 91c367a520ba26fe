import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { TextAreaField, type ValueFieldProps } from '../ui/form-controls';
import ui from '../ui/workspace-ui.module.css';
import { useCatalogueMessages } from './catalogue-messages';
import styles from './catalogue-editor.module.css';

interface NameFieldsProps {
  /** the fields' ids: `{idPrefix}-name`, `{idPrefix}-description` */
  idPrefix: string;
  labels: { name: string; description: string };
  values: { name: string; description: string };
  errors: Record<string, string>;
  descriptionRows?: number;
  onChange: (field: 'name' | 'description', value: string) => void;
}

/** The name and the description of what the editor edits (a menu, a menu item, a product). */
export function NameFields({ idPrefix, labels, values, errors, descriptionRows = 3, onChange }: NameFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={labels.name}
        value={values.name}
        dir="auto"
        maxLength={120}
        error={errors.name || undefined}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label={labels.description}
        value={values.description}
        dir="auto"
        rows={descriptionRows}
        error={errors.description || undefined}
        onChange={(event) => onChange('description', event.target.value)}
      />
    </>
  );
}

/** A price as typed ("4.50"), read with its currency's decimals when saved (ui/money.ts). */
export function PriceField({ id, label, value, error, onChange }: ValueFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      inputMode="decimal"
      dir="ltr"
      placeholder="0.00"
      error={error || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface Deletion {
  label: string;
  /** while the delete runs (the button waits) */
  pending: boolean;
  onClick: () => void;
}

/** The editor's foot: save (or create) and, for one that exists, delete. */
export function EditorActions({ submitLabel, saving, deletion }: { submitLabel: string; saving: boolean; deletion?: Deletion }) {
  return (
    <div className={styles.formActions}>
      <Button type="submit" variant="primary" disabled={saving}>
        {submitLabel}
      </Button>
      {deletion && (
        <Button variant="danger" onClick={deletion.onClick} disabled={deletion.pending}>
          <Trash2 size={16} aria-hidden="true" />
          {deletion.label}
        </Button>
      )}
    </div>
  );
}

/** Why the thing to edit could not be read: `notFound` for a 404, else the problem's message. */
export function LoadProblem({ error, notFound }: { error: Error; notFound: string }) {
  const messages = useCatalogueMessages();
  return (
    <div className={ui.errorBox} role="alert">
      <p>{error instanceof ApiError && error.status === 404 ? notFound : messages.problem(error)}</p>
    </div>
  );
}
