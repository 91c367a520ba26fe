import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useUpdateFirmProfile } from '../api/update-firm';
import { useUploadCover } from '../api/upload-cover';
import { CoverPicker, coverProblem } from '../firm-form/cover-picker';
import { valuesOf } from '../firm-form/firm-form-values';
import { FirmForm } from '../firm-form/firm-form';
import { useWorkspace } from '../shell/workspace-context';
import { QrSection } from './qr-section';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';

/** `workspace/business-profile`: everything of create-firm but the username, the cover, and the QR code to print. */
export function BusinessProfile() {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const { firm } = workspace;
  const update = useUpdateFirmProfile(firm.id);
  const upload = useUploadCover(firm.id);
  const [progress, setProgress] = useState<number>();
  const [coverError, setCoverError] = useState<string>();
  // the form starts from the firm as it was when the page opened; a save re-reads it
  const [initial] = useState(() => valuesOf(firm));
  usePageTitle(t('nav.business-profile'));

  const pick = async (file: File) => {
    const problem = coverProblem(file);
    setCoverError(problem ? t(problem) : undefined);
    if (problem) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast.success(t('cover.saved'));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      setCoverError(fields?.image?.[0] ? t(fields.image[0], { defaultValue: (error as Error).message }) : (error as Error).message);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('nav.business-profile')} lead={t('profile.lead', { url: `${location.host}/${firm.username}` })} />
      <FirmForm
        mode="edit"
        initial={initial}
        submitLabel={t('profile.save')}
        pendingLabel={t('profile.saving')}
        onSubmit={async (input) => {
          try {
            await update.mutateAsync(input);
            toast.success(t('profile.saved'));
          } catch (error) {
            if (error instanceof ApiError && error.fieldErrors) return error.fieldErrors;
            toast.error(error instanceof Error ? error.message : t('profile.failed'));
          }
        }}
        cover={
          <CoverPicker
            imagePath={firm.imagePath}
            imageColor={firm.imageColor}
            progress={progress}
            error={coverError}
            onPick={(file) => void pick(file)}
          />
        }
      />
      <QrSection />
    </div>
  );
}
