import { useTranslation } from 'react-i18next';
import { SettingToggle } from './setting-toggle';

/** The editors' "Followers only" switch (events, posts, products, dishes), with what it means. */
export function FollowersOnlyToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('workspace');
  return (
    <SettingToggle
      checked={checked}
      onChange={onChange}
      label={t('followersOnly.label')}
      state={checked ? t('followersOnly.on') : t('followersOnly.off')}
    />
  );
}
