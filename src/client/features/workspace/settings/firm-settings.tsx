import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '../../../../shared/i18n';
import { CURRENCIES, type FirmSettingsInput } from '../../../../shared/workspace';
import { Button } from '../../../components/ui/button';
import formLayout from '../../../components/ui/form.module.css';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useUpdateFirmSettings } from '../api/update-firm';
import { useWorkspace } from '../shell/workspace-context';
import { SelectField } from '../ui/form-controls';
import { SettingToggle } from '../ui/setting-toggle';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { LegalDetails } from './legal-details';
import styles from './settings.module.css';

/**
 * `workspace/settings` (owners): the page's language, the currency prices are in, whether the page
 * is public, whether following it needs the team's approval; then the business's legal details and documents.
 */
export function FirmSettings() {
  const { t } = useTranslation('workspace');
  const { firm } = useWorkspace();
  const update = useUpdateFirmSettings(firm.id);
  const [values, setValues] = useState<FirmSettingsInput>({
    language: firm.language,
    currency: firm.currency as FirmSettingsInput['currency'],
    published: firm.published,
    approveFollowers: firm.approveFollowers,
  });
  usePageTitle(t('nav.settings'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(values, { onSuccess: () => toast.success(t('settings.saved')) });
  };

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('nav.settings')} />
      <form className={`${ui.panel} ${styles.form}`} onSubmit={submit} aria-busy={update.isPending}>
        <div className={formLayout.form}>
          <SelectField
            id="settings-language"
            label={t('settings.language')}
            hint={t('settings.languageHint')}
            value={values.language}
            onChange={(event) => setValues({ ...values, language: event.target.value as FirmSettingsInput['language'] })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="settings-currency"
            label={t('settings.currency')}
            hint={t('settings.currencyHint')}
            value={values.currency}
            onChange={(event) => setValues({ ...values, currency: event.target.value as FirmSettingsInput['currency'] })}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </SelectField>
          <SettingToggle
            checked={values.published}
            onChange={(published) => setValues({ ...values, published })}
            label={t('settings.published')}
            state={values.published ? t('settings.publishedOn') : t('settings.publishedOff')}
          />
          <SettingToggle
            checked={Boolean(values.approveFollowers)}
            onChange={(approveFollowers) => setValues({ ...values, approveFollowers })}
            label={t('settings.approveFollowers')}
            state={values.approveFollowers ? t('settings.approveFollowersOn') : t('settings.approveFollowersOff')}
          />
        </div>
        <div className={styles.submit}>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
      <LegalDetails />
    </div>
  );
}
