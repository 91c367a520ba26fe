import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { SubPage } from '../../../components/layout/sub-page';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { useUnreadNotifications } from '../../../lib/unread-notifications';
import { Inbox } from './inbox';
import { NotificationSettingsPanel } from './notification-settings';

export type NotificationsTab = 'inbox' | 'settings';

/** `/profile/notifications`: the inbox (what the bell opens) and, per kind, where notifications reach you. */
export function NotificationsPage({ tab }: { tab: NotificationsTab }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const unread = useUnreadNotifications();
  return (
    <SubPage title={t('title')} width="wide">
      <PillTabs
        idPrefix="notifications-tab"
        label={t('title')}
        selected={tab}
        onSelect={(key) => void navigate({ to: '/profile/notifications', search: key === 'inbox' ? {} : { tab: key }, replace: true })}
        tabs={[
          { key: 'inbox', label: t('tabs.inbox'), count: unread },
          { key: 'settings', label: t('tabs.settings') },
        ]}
      />
      <div role="tabpanel" aria-labelledby={`notifications-tab-${tab}`}>
        {tab === 'inbox' ? <Inbox /> : <NotificationSettingsPanel />}
      </div>
    </SubPage>
  );
}
