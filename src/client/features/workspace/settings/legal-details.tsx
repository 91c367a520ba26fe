import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firmLegalInputSchema, type FirmLegal } from '../../../../shared/firm-legal';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import formLayout from '../../../components/ui/form.module.css';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { firmLegalQuery, useUpdateFirmLegal } from '../api/firm-legal';
import { LoadProblem } from '../catalogue-editor/editor-parts';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { FirmDocuments } from './firm-documents';
import styles from './settings.module.css';

/** The business's legal side on the settings page: the ids its page and receipts print, and its official papers. */
export function LegalDetails() {
  const { t } = useTranslation('workspace');
  const { firm } = useWorkspace();
  const legal = useQuery(firmLegalQuery(firm.id));
  if (legal.error) return <LoadProblem error={legal.error} notFound={t('legal.failed')} />;
  if (!legal.data) return <PageSpinner />;
  return (
    <>
      <LegalForm key={firm.id} legal={legal.data} />
      <FirmDocuments documents={legal.data.documents} />
    </>
  );
}

function LegalForm({ legal }: { legal: FirmLegal }) {
  const { t } = useTranslation('workspace');
  const { firm } = useWorkspace();
  const update = useUpdateFirmLegal(firm.id);
  const labels = { legalName: t('legal.name'), registrationId: t('legal.registrationId'), taxId: t('legal.taxId') };
  const form = useZodForm(
    firmLegalInputSchema,
    { legalName: legal.legalName, registrationId: legal.registrationId, taxId: legal.taxId },
    labels,
  );
  const submit = form.handleSubmit(async (data) => {
    try {
      await update.mutateAsync(data);
      toast.success(t('legal.saved'));
    } catch (error) {
      if (!(error instanceof ApiError && form.applyServerErrors(error.fieldErrors))) {
        toast.error(error instanceof Error ? error.message : t('legal.failed'));
      }
    }
  });
  const input = (name: keyof typeof labels, extra: { dir?: 'ltr' | 'auto'; autoComplete?: string } = {}) => (
    <TextField {...form.field(name)} label={labels[name]} error={form.errorOf(name)} {...extra} />
  );
  return (
    <section className={`${ui.panel} ${styles.form}`} aria-labelledby="legal-title">
      <h2 id="legal-title" className={styles.sectionTitle}>
        {t('legal.title')}
      </h2>
      <p className={ui.muted}>{t('legal.hint')}</p>
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={update.isPending}>
        {input('legalName', { dir: 'auto', autoComplete: 'organization' })}
        <div className={formLayout.row}>
          {input('registrationId', { dir: 'ltr' })}
          {input('taxId', { dir: 'ltr' })}
        </div>
        <div className={styles.submit}>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('legal.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
