import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFeature } from '../../../lib/feature-flags';
import { toast } from '../../../lib/toast-store';
import { TOAST_AUTH_ERROR_TIMEOUT_MS } from '../../../../shared/limits';
import { getGoogleConfig } from '../api/get-google-config';
import { googleAuthorizationUrl } from '../google';
import styles from './auth.module.css';

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.2-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** 'Continue with Google': shown when LOGIN_GOOGLE is on and the server has a client id. */
export function GoogleButton({ go, disabled }: { go?: string; disabled?: boolean }) {
  const { t } = useTranslation('auth');
  const googleOn = useFeature('LOGIN_GOOGLE');
  const [available, setAvailable] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!googleOn) return;
    let live = true;
    getGoogleConfig()
      .then((config) => live && setAvailable(config.enabled && Boolean(config.clientId)))
      .catch(() => live && setAvailable(false));
    return () => {
      live = false;
    };
  }, [googleOn]);

  if (!googleOn || !available) return null;

  const start = async () => {
    setPending(true);
    try {
      // a fresh nonce, also set as an HttpOnly cookie the server compares with the token
      const config = await getGoogleConfig();
      window.location.assign(googleAuthorizationUrl(config, window.location.origin, go));
    } catch {
      setPending(false);
      toast.error(t('google.failed'), undefined, TOAST_AUTH_ERROR_TIMEOUT_MS);
    }
  };

  return (
    <>
      <div className={styles.divider}>{t('or')}</div>
      <Button block onClick={start} disabled={disabled || pending} className={styles.google}>
        <GoogleMark />
        {t('google.continue')}
      </Button>
    </>
  );
}
