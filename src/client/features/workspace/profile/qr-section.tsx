import { useTranslation } from 'react-i18next';
import { Download, Printer } from 'lucide-react';
import { languageDirection } from '../../../../shared/i18n';
import { Button, buttonClass } from '../../../components/ui/button';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import styles from './qr.module.css';

/**
 * The firm's QR code (to its public page) as SVG and PNG downloads, and a table card to print on
 * A6 in the firm's own language (its settings), whatever language the team member reads.
 */
export function QrSection() {
  const { t } = useTranslation('workspace');
  const { firm } = useWorkspace();
  const { t: card } = useTranslation('workspace', { lng: firm.language });
  const query = `firmId=${encodeURIComponent(firm.id)}`;
  const publicUrl = `${location.origin}/${firm.username}`;
  return (
    <section className={ui.panel} id="qr" aria-labelledby="qr-title">
      <h2 id="qr-title" className={ui.panelTitle}>
        {t('qr.title')}
      </h2>
      <p className={ui.lead}>{t('qr.lead')}</p>
      <div className={styles.layout}>
        <div className={styles.tableCard} lang={firm.language} dir={languageDirection(firm.language)} data-table-card="">
          <p className={styles.cardName}>{firm.name}</p>
          <img
            className={styles.cardCode}
            src={`/api/dashboard/firms/qr.svg?${query}`}
            alt={t('qr.alt', { name: firm.name })}
            width={240}
            height={240}
          />
          <p className={styles.cardCall}>{card('qr.card.scan')}</p>
          <p className={styles.cardWhat}>{card('qr.card.what')}</p>
          <p className={styles.cardUrl} dir="ltr">
            {publicUrl.replace(/^https?:\/\//, '')}
          </p>
          <p className={styles.cardBrand}>{card('qr.card.noApp')}</p>
        </div>
        <div className={styles.actions}>
          <a className={buttonClass()} href={`/api/dashboard/firms/qr.svg?${query}`} download={`souk-${firm.username}-qr.svg`}>
            <Download size={18} aria-hidden="true" />
            {t('qr.svg')}
          </a>
          <a className={buttonClass()} href={`/api/dashboard/firms/qr.png?${query}`} download={`souk-${firm.username}-qr.png`}>
            <Download size={18} aria-hidden="true" />
            {t('qr.png')}
          </a>
          <Button variant="primary" onClick={() => window.print()}>
            <Printer size={18} aria-hidden="true" />
            {t('qr.print')}
          </Button>
          <p className={ui.muted}>{t('qr.printHint', { language: t(`languages.${firm.language}`) })}</p>
        </div>
      </div>
    </section>
  );
}
