import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Plus } from 'lucide-react';
import type { Employment } from '../../../../shared/workspace';
import { Modal } from '../../../components/ui/modal';
import { Button, buttonClass } from '../../../components/ui/button';
import { useFeature } from '../../../lib/feature-flags';
import { FirmAvatar } from './firm-avatar';
import { roleLabel } from './role-label';
import styles from './shell.module.css';

interface SelectFirmDialogProps {
  employments: readonly Employment[];
  onSelect: (firmId: string) => void;
  onDecline: () => void;
}

/** The select-or-create dialog, opened on entering the workspace without a firm. */
export function SelectFirmDialog({ employments, onSelect, onDecline }: SelectFirmDialogProps) {
  const { t } = useTranslation('workspace');
  const createOn = useFeature('CREATE_FIRM');
  return (
    <Modal
      open
      onClose={onDecline}
      title={t('selection.title')}
      role="alertdialog"
      footer={
        <>
          <Button onClick={onDecline}>{t('selection.decline')}</Button>
          {createOn && (
            <Link to="/create-firm" className={buttonClass({ variant: 'primary' })}>
              <Plus size={18} aria-hidden="true" />
              {t('business.create')}
            </Link>
          )}
        </>
      }
    >
      <p className={styles.warning}>{t('selection.prompt')}</p>
      {employments.length === 0 ? (
        <p className={styles.muted}>{t('business.empty')}</p>
      ) : (
        <ul className={styles.choices}>
          {employments.map((employment) => (
            <li key={employment.id}>
              <button type="button" className={styles.choice} onClick={() => onSelect(employment.firmId)}>
                <FirmAvatar imagePath={employment.firmImagePath} color={employment.firmImageColor} />
                <span className={styles.choiceText}>
                  <span className={styles.choiceName}>{employment.firmName}</span>
                  <span className={styles.muted}>{roleLabel(t, employment.userRole)}</span>
                </span>
                <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
