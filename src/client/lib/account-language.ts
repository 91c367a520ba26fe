import { normalizeLanguage } from '../../shared/i18n';
import type { LanguageUpdateInput } from '../../shared/auth';
import { apiRequest } from './api-client';
import { i18next } from './i18n';
import { markSignedIn, useSessionStore } from './session';

/**
 * A member's mails are written in the language they use the app in (src/server/lib/mail.ts): when
 * the signed-in user's language on the server differs from the interface's (a change in the
 * picker, a sign-in on a device set to another language), the app tells the server, once.
 */
export function syncAccountLanguage(): void {
  let pending = '';
  const sync = () => {
    const { user } = useSessionStore.getState();
    const language = normalizeLanguage(i18next.language);
    if (!user || user.language === language) return;
    const key = `${user.id} ${language}`;
    if (pending === key) return;
    pending = key;
    const body: LanguageUpdateInput = { language };
    apiRequest('/api/iam/profile/language', { method: 'PUT', body }).then(
      () => {
        const current = useSessionStore.getState().user;
        if (current?.id === user.id) markSignedIn({ ...current, language });
      },
      // Offline or signed out meanwhile: the next change or sign-in tries again.
      () => {
        pending = '';
      },
    );
  };
  useSessionStore.subscribe(sync);
  i18next.on('languageChanged', sync);
  sync();
}
