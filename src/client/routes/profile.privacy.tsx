import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/profile/components/account-settings';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/privacy`: a private profile, who may send friend requests. */
export const Route = createFileRoute('/profile/privacy')({
  loader: () => preloadNamespaces(['settings']),
  component: PrivacyPage,
});
