import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { DELETION_GRACE_DAYS, type AccountSettings } from '../../../../shared/account';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useFormMessages } from '../../../lib/form-messages';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import {
  accountSettingsQuery,
  cancelDeletion,
  changePassword,
  confirmDeletion,
  confirmEmailChange,
  EXPORT_URL,
  startDeletion,
  startEmailChange,
} from '../api/account';
import formLayout from '../../../components/ui/form.module.css';
import styles from './settings.module.css';

/** The first field message of a refused request (translated), or its detail. */
function useProblem() {
  const { t } = useTranslation('settings');
  const messages = useFormMessages('settings');
  return (error: unknown, labels: Record<string, string>): Record<string, string> & { form?: string } => {
    if (error instanceof ApiError && error.fieldErrors) {
      return Object.fromEntries(
        Object.entries(error.fieldErrors).map(([name, list]) => [name, messages.ofServer(list[0] ?? '', labels[name] ?? name)]),
      );
    }
    return { form: error instanceof Error ? error.message : t('account.failed') };
  };
}

/** `/profile/account`: email, password, one's data, deleting the account. */
export function AccountPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const settings = useQuery({ ...accountSettingsQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!settings.data || !user) {
    return (
      <SubPage title={t('account.title')}>
        <PageSpinner />
      </SubPage>
    );
  }
  return (
    <SubPage title={t('account.title')}>
      <EmailPanel settings={settings.data} />
      <PasswordPanel settings={settings.data} />
      <Panel title={t('account.dataTitle')}>
        <p className={styles.linkHint}>{t('account.dataText')}</p>
        <div className={styles.formActions}>
          <a className={buttonClass()} href={EXPORT_URL} download data-testid="export">
            <Download size={18} aria-hidden="true" />
            {t('account.download')}
          </a>
        </div>
      </Panel>
      <DeletionPanel settings={settings.data} />
    </SubPage>
  );
}

function EmailPanel({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation('settings');
  const problem = useProblem();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'ask' | 'code'>('ask');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const labels = { newEmail: t('account.newEmail'), password: t('account.currentPassword'), code: t('account.code') };
  const run = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      setErrors(problem(error, labels));
    } finally {
      setPending(false);
    }
  };
  return (
    <Panel title={t('account.emailTitle')}>
      <p className={styles.linkHint}>
        {t('account.currentEmail')} <strong dir="ltr">{settings.email ?? '—'}</strong>
      </p>
      {step === 'ask' ? (
        <form
          className={formLayout.form}
          noValidate
          onSubmit={run(async () => {
            await startEmailChange({ newEmail: newEmail.trim(), ...(settings.hasPassword ? { password } : {}) });
            setStep('code');
            toast.success(t('account.codeSent', { email: newEmail.trim() }));
          })}
        >
          <TextField
            id="account-new-email"
            type="email"
            dir="ltr"
            label={labels.newEmail}
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            error={errors.newEmail}
            autoComplete="email"
            required
          />
          {settings.hasPassword && (
            <TextField
              id="account-email-password"
              type="password"
              label={labels.password}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              autoComplete="current-password"
            />
          )}
          {errors.form && (
            <p className={styles.formError} role="alert">
              {errors.form}
            </p>
          )}
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" disabled={pending || !newEmail.trim()}>
              {t('account.sendCode')}
            </Button>
          </div>
        </form>
      ) : (
        <form
          className={formLayout.form}
          noValidate
          onSubmit={run(async () => {
            await confirmEmailChange({ newEmail: newEmail.trim(), code: code.trim() });
            toast.success(t('account.emailChanged'));
            setStep('ask');
            setNewEmail('');
            setPassword('');
            setCode('');
          })}
        >
          <p>{t('account.enterCode', { email: newEmail.trim() })}</p>
          <TextField
            id="account-email-code"
            inputMode="numeric"
            dir="ltr"
            label={labels.code}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code ?? errors.form}
            autoComplete="one-time-code"
          />
          <div className={styles.formActions}>
            <Button onClick={() => setStep('ask')}>{t('account.back')}</Button>
            <Button type="submit" variant="primary" disabled={pending || code.trim().length !== 6}>
              {t('account.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

function PasswordPanel({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation('settings');
  const problem = useProblem();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const labels = { currentPassword: t('account.currentPassword'), newPassword: t('account.newPassword') };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await changePassword({ newPassword, ...(settings.hasPassword ? { currentPassword } : {}) });
      toast.success(t('account.passwordChanged'));
      setCurrent('');
      setNew('');
    } catch (error) {
      setErrors(problem(error, labels));
    } finally {
      setPending(false);
    }
  };
  return (
    <Panel title={settings.hasPassword ? t('account.passwordTitle') : t('account.passwordSetTitle')}>
      <form className={formLayout.form} noValidate onSubmit={submit}>
        {settings.hasPassword && (
          <TextField
            id="account-current-password"
            type="password"
            label={labels.currentPassword}
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            error={errors.currentPassword}
            autoComplete="current-password"
          />
        )}
        <TextField
          id="account-new-password"
          type="password"
          label={labels.newPassword}
          hint={t('account.newPasswordHint')}
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          error={errors.newPassword}
          autoComplete="new-password"
        />
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" disabled={pending || newPassword.length === 0}>
            {t('account.changePassword')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function DeletionPanel({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const f = useFormatters();
  const queryClient = useQueryClient();
  const problem = useProblem();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'ask' | 'code'>('ask');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const labels = { password: t('account.currentPassword'), code: t('account.code') };
  const settle = (next: AccountSettings) => queryClient.setQueryData(queryKeys.accountSettings(user?.id ?? ''), next);
  const run = (work: () => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      setErrors(problem(error, labels));
    } finally {
      setPending(false);
    }
  };

  if (settings.deletionDueAt) {
    return (
      <Panel title={t('account.deleteTitle')}>
        <p role="status" className={styles.reporting}>
          {t('account.deletionDue', { date: f.date(settings.deletionDueAt, viewerTimeZone(), 'long') })}
        </p>
        <div className={styles.formActions}>
          <Button
            variant="primary"
            disabled={pending}
            onClick={() =>
              void run(async () => {
                settle(await cancelDeletion());
                toast.success(t('account.kept'));
              })()
            }
          >
            {t('account.keep')}
          </Button>
        </div>
      </Panel>
    );
  }
  return (
    <Panel title={t('account.deleteTitle')}>
      <p className={styles.linkHint}>{t('account.deleteText', { count: DELETION_GRACE_DAYS })}</p>
      {step === 'ask' ? (
        <form
          className={formLayout.form}
          noValidate
          onSubmit={run(async () => {
            await startDeletion(settings.hasPassword ? { password } : {});
            setStep('code');
            toast.success(t('account.codeSent', { email: settings.email ?? '' }));
          })}
        >
          {settings.hasPassword && (
            <TextField
              id="account-delete-password"
              type="password"
              label={labels.password}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              autoComplete="current-password"
            />
          )}
          {errors.form && (
            <p className={styles.formError} role="alert">
              {errors.form}
            </p>
          )}
          <div className={styles.formActions}>
            <Button type="submit" variant="danger" disabled={pending}>
              {t('account.deleteStart')}
            </Button>
          </div>
        </form>
      ) : (
        <form
          className={formLayout.form}
          noValidate
          onSubmit={run(async () => {
            settle(await confirmDeletion(code.trim()));
            setStep('ask');
          })}
        >
          <p>{t('account.enterCode', { email: settings.email ?? '' })}</p>
          <TextField
            id="account-delete-code"
            inputMode="numeric"
            dir="ltr"
            label={labels.code}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code ?? errors.form}
            autoComplete="one-time-code"
          />
          <div className={styles.formActions}>
            <Button onClick={() => setStep('ask')}>{t('account.back')}</Button>
            <Button type="submit" variant="danger" disabled={pending || code.trim().length !== 6}>
              {t('account.deleteConfirm')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
