import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, Trash2, Upload } from 'lucide-react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_PER_FIRM,
  type DocumentKind,
  type FirmDocument,
} from '../../../../shared/firm-legal';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../ui/form-controls';
import { UploadProgress } from '../ui/upload-progress';
import { afterMutation } from '../../../lib/after-mutation';
import { confirm } from '../../../lib/confirm-store';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { documentDownloadUrl, useRemoveFirmDocument, useUploadFirmDocument } from '../api/firm-legal';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import styles from './settings.module.css';

const ACCEPTED = 'application/pdf,image/jpeg,image/png';

/** "1.2 MB", "340 kB" in the reader's language. */
function fileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/**
 * The firm's official papers (a register extract, a tax certificate, a licence): uploaded with their kind, listed
 * with a download each, removable. Only the owners and the platform's admins can open them, which the hint says.
 */
export function FirmDocuments({ documents }: { documents: FirmDocument[] }) {
  const { t, i18n } = useTranslation('workspace');
  const { firm } = useWorkspace();
  const format = useFormatters();
  const upload = useUploadFirmDocument(firm.id);
  const remove = useRemoveFirmDocument(firm.id);
  const [kind, setKind] = useState<DocumentKind>('registration');
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const full = documents.length >= DOCUMENTS_PER_FIRM;

  const send = (file: File) => {
    setError(undefined);
    if (!ACCEPTED.split(',').includes(file.type)) return setError(t('legal.documents.notDocument'));
    if (file.size > DOCUMENT_MAX_BYTES) return setError(t('legal.documents.tooLarge'));
    setProgress(0);
    upload.mutate(
      { file, kind, onProgress: setProgress },
      {
        onSuccess: (document) => toast.success(t('legal.documents.added', { name: document.name })),
        onError: (failure) => setError(failure.message),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const onRemove = async (document: FirmDocument) => {
    const ok = await confirm({
      message: t('legal.documents.removeConfirm', { name: document.name }),
      okText: t('legal.documents.remove'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    afterMutation(remove.mutateAsync(document.id), {
      onSuccess: () => toast.success(t('legal.documents.removed', { name: document.name })),
      onError: (failure) => toast.error(failure instanceof Error ? failure.message : t('legal.failed')),
    });
  };

  return (
    <section className={`${ui.panel} ${styles.form}`} aria-labelledby="documents-title">
      <h2 id="documents-title" className={styles.sectionTitle}>
        {t('legal.documents.title')}
      </h2>
      <p className={ui.muted}>{t('legal.documents.hint')}</p>
      {documents.length === 0 ? (
        <p className={ui.muted}>{t('legal.documents.none')}</p>
      ) : (
        <ul className={styles.documents} data-testid="firm-documents">
          {documents.map((document) => (
            <li key={document.id} className={styles.document}>
              <FileText size={20} aria-hidden="true" />
              <span className={styles.documentText}>
                <a href={documentDownloadUrl(document.id)} download>
                  <bdi>{document.name}</bdi>
                </a>
                <span className={ui.muted}>
                  {t(`legal.kinds.${document.kind}`)} · {fileSize(document.size, i18n.language)} ·{' '}
                  {format.date(document.uploadedAt, firm.timezone)}
                </span>
              </span>
              <Button
                variant="ghost"
                size="small"
                aria-label={t('legal.documents.removeNamed', { name: document.name })}
                disabled={remove.isPending}
                onClick={() => void onRemove(document)}
              >
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className={ui.muted}>{t('legal.documents.full', { count: DOCUMENTS_PER_FIRM })}</p>
      ) : (
        <div className={styles.documentUpload}>
          <SelectField
            id="document-kind"
            label={t('legal.documents.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as DocumentKind)}
          >
            {DOCUMENT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`legal.kinds.${option}`)}
              </option>
            ))}
          </SelectField>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED}
            className="visually-hidden"
            id="document-file"
            data-testid="document-file"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) send(file);
              event.target.value = '';
            }}
          />
          <Button
            onClick={() => input.current?.click()}
            disabled={progress !== undefined}
            aria-describedby={error ? 'document-error' : undefined}
          >
            <Upload size={18} aria-hidden="true" />
            {t('legal.documents.upload')}
          </Button>
        </div>
      )}
      {progress !== undefined && (
        <UploadProgress
          id="document-progress"
          value={progress}
          label={t('legal.documents.uploading', { percent: Math.round(progress * 100) })}
        />
      )}
      {error && (
        <p id="document-error" className={ui.controlProblem} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
