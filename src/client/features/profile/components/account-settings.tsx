import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Moon, MonitorSmartphone, MoonStar, Sun } from 'lucide-react';
import type { AccountSettings, AccountSettingsUpdate } from '../../../../shared/account';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { ChoiceCards, SelectField, SwitchRow } from '../../../components/ui/fields';
import { changeLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { THEME_PREFERENCES, useThemeStore, type ThemePreference } from '../../../lib/theme';
import { toast } from '../../../lib/toast-store';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import { accountSettingsQuery, useUpdateSettings } from '../api/account';

/** Each theme's picture beside its name: the device's, a sun, a moon, and a moon with stars for the darkest. */
const THEME_ICONS: Record<ThemePreference, ReactNode> = {
  default: <MonitorSmartphone size={18} />,
  bright: <Sun size={18} />,
  dark: <Moon size={18} />,
  blackout: <MoonStar size={18} />,
};

const LANGUAGE_NAMES = { en: 'English', ar: 'العربية', fr: 'Français' } as const;
const SAMPLE_DATE = '2026-03-14T18:30:00.000Z';

/**
 * The settings of the signed-in user and a save that toasts; null while they load. The save's promise is for the
 * switches (they move until it is done); a refusal is shown by the update's own error handling, not thrown.
 */
function useSettings() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const settings = useQuery({ ...accountSettingsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const update = useUpdateSettings(user?.id ?? '');
  const save = (change: AccountSettingsUpdate) =>
    update.mutateAsync(change, { onSuccess: () => toast.success(t('account.saved')) }).catch(() => undefined);
  return { data: settings.data, save, pending: update.isPending };
}

function Loading({ title }: { title: string }) {
  return (
    <SubPage title={title}>
      <PageSpinner />
    </SubPage>
  );
}

/** `/profile/settings`: language, theme, lite mode, help texts. */
export function SettingsPage() {
  const { t, i18n } = useTranslation('settings');
  const { data, save, pending } = useSettings();
  const setTheme = useThemeStore((state) => state.set);
  if (!data) return <Loading title={t('account.settingsTitle')} />;
  const language = (i18n.language in LANGUAGE_NAMES ? i18n.language : data.language) as keyof typeof LANGUAGE_NAMES;
  return (
    <SubPage title={t('account.settingsTitle')}>
      <Panel>
        <SelectField
          id="settings-language"
          label={t('account.language')}
          hint={t('account.languageHint')}
          value={language}
          disabled={pending}
          onChange={(event) => {
            const next = event.target.value as AccountSettings['language'];
            void changeLanguage(next);
            save({ language: next });
          }}
        >
          {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </SelectField>
      </Panel>
      <Panel>
        <ChoiceCards
          legend={t('account.theme')}
          name="theme"
          value={data.theme}
          options={THEME_PREFERENCES.map((theme) => ({ value: theme, label: t(`account.themes.${theme}`), icon: THEME_ICONS[theme] }))}
          onChange={(theme) => {
            setTheme(theme);
            save({ theme });
          }}
        />
      </Panel>
      <Panel>
        <SwitchRow
          id="settings-lite"
          label={t('account.liteMode')}
          description={t('account.liteModeHint')}
          checked={data.liteMode}
          disabled={pending}
          onChange={(liteMode) => save({ liteMode })}
        />
        <SwitchRow
          id="settings-help"
          label={t('account.helpText')}
          description={t('account.helpTextHint')}
          checked={data.helpText}
          disabled={pending}
          onChange={(helpText) => save({ helpText })}
        />
      </Panel>
    </SubPage>
  );
}

/** `/profile/preferences`: region (date order) and hour format, applied at once to every date. */
export function PreferencesPage() {
  const { t } = useTranslation('settings');
  const { data, save } = useSettings();
  const f = useFormatters();
  if (!data) return <Loading title={t('account.preferencesTitle')} />;
  return (
    <SubPage title={t('account.preferencesTitle')} intro={t('account.preferencesSubtitle')}>
      <Panel>
        <ChoiceCards
          legend={t('account.region')}
          name="region"
          value={data.regionPreference}
          options={[
            { value: 'EU', label: t('account.regions.EU'), description: t('account.regions.EUHint') },
            { value: 'US', label: t('account.regions.US'), description: t('account.regions.USHint') },
          ]}
          onChange={(regionPreference) => save({ regionPreference })}
        />
      </Panel>
      <Panel>
        <ChoiceCards
          legend={t('account.hourFormat')}
          name="hourFormat"
          value={String(data.hourFormat) as '12' | '24'}
          options={[
            { value: '24', label: t('account.hours24') },
            { value: '12', label: t('account.hours12') },
          ]}
          onChange={(value) => save({ hourFormat: value === '24' ? 24 : 12 })}
        />
      </Panel>
      <Panel title={t('account.example')}>
        <p data-testid="preferences-example">{f.dateTime(SAMPLE_DATE, viewerTimeZone())}</p>
      </Panel>
    </SubPage>
  );
}

/** `/profile/privacy`: a private profile, and who may send friend requests (both held on the server). */
export function PrivacyPage() {
  const { t } = useTranslation('settings');
  const { data, save, pending } = useSettings();
  if (!data) return <Loading title={t('account.privacyTitle')} />;
  return (
    <SubPage title={t('account.privacyTitle')}>
      <Panel>
        <SwitchRow
          id="privacy-private"
          label={t('account.private')}
          description={t('account.privateHint')}
          checked={data.isPrivate}
          disabled={pending}
          onChange={(isPrivate) => save({ isPrivate })}
        />
      </Panel>
      <Panel>
        <ChoiceCards
          legend={t('account.requestsFrom')}
          name="requestsFrom"
          value={data.friendRequestsFrom}
          options={(['everyone', 'friends_of_friends', 'nobody'] as const).map((policy) => ({
            value: policy,
            label: t(`account.requestPolicies.${policy}`),
          }))}
          onChange={(friendRequestsFrom) => save({ friendRequestsFrom })}
        />
      </Panel>
    </SubPage>
  );
}
