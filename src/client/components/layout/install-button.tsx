import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Share, SquarePlus } from 'lucide-react';
import { forgetInstallPrompt, isAppleMobile, runsInstalled, useInstallPrompt } from '../../lib/install-prompt';
import { buttonClass } from '../ui/button';
import { Modal } from '../ui/modal';
import styles from './footer.module.css';

/**
 * "Install the app", where it can be installed: with the browser's install offer (Chromium), or
 * with the steps for Safari on iOS. Nothing when the app already runs installed or the browser
 * offers no way (no dead button). Loaded after hydration (the footer's lazy part).
 */
export default function InstallButton() {
  const { t } = useTranslation();
  const offer = useInstallPrompt();
  const [steps, setSteps] = useState(false);
  if (runsInstalled()) return null;
  const apple = isAppleMobile();
  if (!offer && !apple) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary' })}
        data-testid="install-app"
        onClick={async () => {
          if (!offer) return setSteps(true);
          await offer.prompt();
          await offer.userChoice.catch(() => undefined);
          forgetInstallPrompt();
        }}
      >
        <Download size={18} aria-hidden="true" /> {t('install.button')}
      </button>
      <Modal open={steps} onClose={() => setSteps(false)} title={t('install.iosTitle', { app: t('appName') })} size="small">
        <ol className={styles.installSteps}>
          <li>
            <Share size={18} aria-hidden="true" /> {t('install.iosShare')}
          </li>
          <li>
            <SquarePlus size={18} aria-hidden="true" /> {t('install.iosAdd')}
          </li>
        </ol>
      </Modal>
    </>
  );
}
