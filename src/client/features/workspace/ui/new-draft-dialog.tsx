import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import formLayout from '../../../components/ui/form.module.css';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { contentProblem } from './content-problem';
import contentUi from './content-editor.module.css';

type NameSchema = z.ZodType<{ name: string }, { name: string }>;

/**
 * "New event", "New post": the draft is named first and stored only when the owner asks for it, so opening the
 * dialog and changing one's mind leaves no untitled draft in the list.
 */
export function NewDraftDialog({
  title,
  label,
  maxLength,
  schema,
  onCreate,
  onClose,
}: {
  title: string;
  label: string;
  maxLength: number;
  schema: NameSchema;
  /** stores the draft and opens its editor */
  onCreate: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-content');
  const form = useZodForm(schema, { name: '' }, { name: label });
  const submit = form.submitTo(
    async ({ name }) => {
      try {
        await onCreate(name);
        return true;
      } catch (error) {
        return { fieldErrors: error instanceof ApiError ? error.fieldErrors : undefined, formError: contentProblem(t, error) };
      }
    },
    () => {},
  );
  return (
    <Modal open onClose={onClose} title={title} size="small">
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={form.pending}>
        {form.formError && (
          <p className={contentUi.error} role="alert">
            {form.formError}
          </p>
        )}
        <TextField {...form.field('name')} label={label} maxLength={maxLength} error={form.errorOf('name')} autoComplete="off" dir="auto" />
        <Button type="submit" variant="primary" block disabled={form.pending}>
          {form.pending ? t('newDraft.creating') : t('newDraft.create')}
        </Button>
      </form>
    </Modal>
  );
}
