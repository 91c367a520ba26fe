import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useCreateFirm } from '../api/create-firm';
import { uploadCover } from '../api/upload-cover';
import { CoverPicker, coverProblem } from '../firm-form/cover-picker';
import { emptyFirmValues } from '../firm-form/firm-form-values';
import { FirmForm } from '../firm-form/firm-form';
import { useSelectFirm } from '../selection/use-select-firm';
import styles from './create-firm.module.css';

/**
 * `/create-firm` (login and flag CREATE_FIRM): the firm is created public at once on the free plan,
 * its cover uploaded with progress right after, and its creator lands in the new workspace.
 */
export function CreateFirmPage() {
  const { t } = useTranslation('workspace');
  const user = useCurrentUser();
  const create = useCreateFirm(user?.id ?? '');
  const selectFirm = useSelectFirm();
  const [initial] = useState(emptyFirmValues);
  const [cover, setCover] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [coverError, setCoverError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  usePageTitle(t('create.title'));

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (file: File) => {
    const problem = coverProblem(file);
    setCoverError(problem ? t(problem) : undefined);
    if (problem) return;
    setCover(file);
    setPreview(URL.createObjectURL(file));
  };

  const submit = async (input: Parameters<typeof create.mutateAsync>[0]) => {
    let dash;
    try {
      dash = await create.mutateAsync(input);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) return error.fieldErrors;
      toast.error(error instanceof Error ? error.message : t('create.failed'));
      return {};
    }
    if (cover) {
      setProgress(0);
      try {
        await uploadCover(dash.firm.id, cover, setProgress);
      } catch (error) {
        // the firm exists: it lands in its workspace, where the business profile takes another try
        toast.warn(t('create.coverFailed', { reason: error instanceof Error ? error.message : '' }));
      }
      setProgress(undefined);
    }
    toast.success(t('create.created', { name: dash.firm.name }));
    selectFirm(dash.firm.id, '/workspace/home');
  };

  if (!user) return null;
  return (
    <section className={styles.page} aria-labelledby="create-title">
      <Link to="/business" className={styles.back}>
        <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
        {t('business.title')}
      </Link>
      <h1 id="create-title" className={styles.title}>
        {t('create.title')}
      </h1>
      <p className={styles.lead}>{t('create.lead')}</p>
      <FirmForm
        mode="create"
        initial={initial}
        onSubmit={submit}
        submitLabel={t('create.submit')}
        pendingLabel={progress !== undefined ? t('cover.uploading', { percent: Math.round(progress * 100) }) : t('create.pending')}
        cover={<CoverPicker imagePath={null} preview={preview} progress={progress} error={coverError} onPick={pick} />}
      />
    </section>
  );
}
