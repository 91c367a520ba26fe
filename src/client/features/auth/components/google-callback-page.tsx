import { useEffect, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { loginWithGoogle } from '../actions';
import { readGoogleCallback } from '../google';
import { safeGo } from '../guards';

/** /google/callback: checks the fragment's id token and nonce, then signs in with it. */
export function GoogleCallbackPage() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const result = readGoogleCallback(window.location.hash);
    // the token must not stay in the address bar or the history
    window.history.replaceState(null, '', window.location.pathname);
    if (!result.ok) {
      // An invalid nonce or a missing token only logs an error
      console.error('Google sign-in callback refused:', result.reason);
      void router.navigate({ to: '/login', replace: true });
      return;
    }
    void loginWithGoogle(result.idToken).then((ok) => router.navigate({ href: ok ? safeGo(result.go) : '/login', replace: true }));
  }, [router]);
  return (
    <div aria-label={t('google.signingIn')}>
      <PageSpinner />
    </div>
  );
}
