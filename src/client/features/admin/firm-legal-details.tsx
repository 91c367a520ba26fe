import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmLegal } from '../../../shared/firm-legal';
import { LegalLine } from '../../components/content/legal-line';
import { TextField } from '../../components/ui/text-field';
import styles from './admin.module.css';

/**
 * A firm's legal details and documents as admins see them. A document opens only once the admin has said why: the
 * reason goes with the download and the server writes it to the audit log before sending the file.
 */
export function FirmLegalDetails({ firmId, legal }: { firmId: string; legal: FirmLegal }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const filled = legal.legalName || legal.registrationId || legal.taxId;
  const why = reason.trim();
  return (
    <>
      <dt>{t('firms.legal')}</dt>
      <dd>
        {filled ? (
          <LegalLine
            legal={{ legalName: legal.legalName || null, registrationId: legal.registrationId || null, taxId: legal.taxId || null }}
          />
        ) : (
          '—'
        )}
      </dd>
      <dt>{t('firms.documents')}</dt>
      <dd>
        {legal.documents.length === 0 ? (
          '—'
        ) : (
          <>
            <TextField
              id={`document-reason-${firmId}`}
              label={t('firms.documentReason')}
              hint={t('firms.documentReasonHint')}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
            <ul className={styles.rows}>
              {legal.documents.map((document) => (
                <li key={document.id} className={styles.row}>
                  {why ? (
                    <a
                      href={`/api/admin/firms/${encodeURIComponent(firmId)}/documents/${encodeURIComponent(document.id)}?reason=${encodeURIComponent(why)}`}
                      download
                    >
                      <bdi>{document.name}</bdi>
                    </a>
                  ) : (
                    <bdi>{document.name}</bdi>
                  )}
                  <span className={styles.note}>{document.uploadedAt.slice(0, 10)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </dd>
    </>
  );
}
