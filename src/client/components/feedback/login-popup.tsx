import { useRef } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { loginHref, signupHref, useLoginPopupStore } from '../../lib/login-popup';
import { forgetIntent } from '../../lib/pending-intent';
import { useFeature } from '../../lib/feature-flags';
import { toast } from '../../lib/toast-store';
import { TOAST_AUTH_ERROR_TIMEOUT_MS } from '../../../shared/limits';
import { Modal } from '../ui/modal';
import { Button } from '../ui/button';
import styles from './login-popup.module.css';

/**
 * The login-required popup. 'Log in' (the spec's 'Log In', in the interface's one casing) goes to /login?go=<current path>
 * when the LOGIN feature is on; otherwise it warns that login is unavailable (6 s).
 */
export function LoginPopup() {
  const { t } = useTranslation();
  const { open, reason, hide } = useLoginPopupStore();
  const loginEnabled = useFeature('LOGIN');
  const signupEnabled = useFeature('SIGNUP');
  const router = useRouter();
  const location = useLocation();
  const loginRef = useRef<HTMLButtonElement>(null);

  // closed without going to log in: what the visitor tried is not done later
  const dismiss = () => {
    forgetIntent();
    hide();
  };

  const logIn = () => {
    if (!loginEnabled) {
      toast.warn(t('login.unavailable'), undefined, TOAST_AUTH_ERROR_TIMEOUT_MS);
      dismiss();
      return;
    }
    hide();
    void router.navigate({ href: loginHref(location.pathname, location.searchStr) });
  };

  const signUp = () => {
    hide();
    void router.navigate({ href: signupHref(location.pathname, location.searchStr) });
  };

  return (
    <Modal open={open} onClose={dismiss} size="small" ariaLabel={t('loginPopup.title')} initialFocusRef={loginRef} showClose>
      <div className={styles.wrap}>
        <span className={styles.badge} aria-hidden="true">
          <LogIn className="flip-rtl" size={26} />
        </span>
        <h2 className={styles.title}>{t('loginPopup.title')}</h2>
        <p className={styles.text}>{reason ?? t('loginPopup.body')}</p>
        <div className={styles.actions}>
          <Button ref={loginRef} variant="primary" block onClick={logIn}>
            {t('loginPopup.logIn')}
          </Button>
          <Button variant="ghost" block onClick={dismiss}>
            {t('loginPopup.notNow')}
          </Button>
        </div>
        {signupEnabled && (
          <p className={styles.signup}>
            {t('loginPopup.newHere')}{' '}
            <button type="button" className={styles.link} onClick={signUp}>
              {t('loginPopup.signUp')}
            </button>
          </p>
        )}
      </div>
    </Modal>
  );
}
