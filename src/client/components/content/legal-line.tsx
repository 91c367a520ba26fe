import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmLegalLine } from '../../../shared/firms';
import styles from './legal-line.module.css';

/**
 * The business behind a page or a receipt, as its owners filled it in: its legal name, then its registration and
 * tax ids, each id kept left-to-right inside an Arabic line. `lead` says what the line is where that is not plain
 * ("Sold by" on a receipt).
 */
export function LegalLine({ legal, lead, className }: { legal: FirmLegalLine; lead?: string; className?: string }) {
  const { t } = useTranslation('common');
  const parts = [
    legal.legalName && <bdi>{legal.legalName}</bdi>,
    legal.registrationId && (
      <>
        {t('legal.registration')}{' '}
        <bdi dir="ltr" className={styles.id}>
          {legal.registrationId}
        </bdi>
      </>
    ),
    legal.taxId && (
      <>
        {t('legal.taxId')}{' '}
        <bdi dir="ltr" className={styles.id}>
          {legal.taxId}
        </bdi>
      </>
    ),
  ].filter(Boolean);
  return (
    <p className={`${styles.line} ${className ?? ''}`} data-testid="legal-line">
      {lead && `${lead} `}
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </p>
  );
}
