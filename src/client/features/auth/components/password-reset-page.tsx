import { useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { passwordResetCompleteSchema, passwordResetStartSchema } from '../../../../shared/auth';
import { PASSWORD_MIN } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { useAuthFlag } from '../use-flag';
import { usePageTitle } from '../../../lib/page-head';
import { useZodForm } from '../../../lib/use-zod-form';
import { completePasswordReset, startPasswordReset } from '../actions';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import styles from './auth.module.css';

/** Password reset: ask for a code by email, then enter it with a new password (signs in here, out elsewhere). */
export function PasswordResetPage({ email: initialEmail, code: initialCode }: { email?: string; code?: string }) {
  const { t } = useTranslation('auth');
  const resetOn = useAuthFlag('PASSWORD_RESET');
  const [email, setEmail] = useState<string | null>(initialEmail && initialCode ? initialEmail : null);
  usePageTitle(t('reset.title'));
  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('reset.title')}</h1>
        {!resetOn && (
          <p className={styles.notice} role="status">
            {t('resetUnavailable')}
          </p>
        )}
        {email ? (
          <NewPasswordStep email={email} code={initialCode ?? ''} onBack={() => setEmail(null)} />
        ) : (
          <EmailStep enabled={resetOn} initialEmail={initialEmail ?? ''} onSent={setEmail} />
        )}
        <div className={styles.links}>
          <Link to="/login">{t('reset.toLogin')}</Link>
        </div>
      </div>
    </section>
  );
}

function EmailStep({ enabled, initialEmail, onSent }: { enabled: boolean; initialEmail: string; onSent(email: string): void }) {
  const { t } = useTranslation('auth');
  const form = useZodForm(passwordResetStartSchema, { email: initialEmail }, { email: t('fields.email') });
  const { pending } = form;
  const submit = form.submitTo(
    ({ email }) => startPasswordReset(email),
    ({ email }) => onSent(email),
  );
  return (
    <>
      <p className={styles.subtitle}>{t('reset.subtitle')}</p>
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          {...form.field('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t('fields.email')}
          error={form.errorOf('email')}
          disabled={!enabled}
        />
        <Button type="submit" variant="primary" block disabled={!enabled || pending}>
          {pending ? t('reset.sending') : t('reset.send')}
        </Button>
      </form>
    </>
  );
}

function NewPasswordStep({ email, code, onBack }: { email: string; code: string; onBack(): void }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const labels = { email: t('fields.email'), code: t('fields.code'), password: t('fields.newPassword') };
  const form = useZodForm(passwordResetCompleteSchema, { email, code, password: '' }, labels);
  const { pending } = form;
  const submit = form.submitTo(
    (data) => completePasswordReset(data.email, data.code, data.password),
    () => router.navigate({ to: '/profile', replace: true }),
  );
  return (
    <>
      <p className={styles.subtitle}>{t('reset.codeSent', { email })}</p>
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          {...form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className={styles.code}
          label={labels.code}
          error={form.errorOf('code')}
        />
        <TextField
          {...form.field('password')}
          type="password"
          autoComplete="new-password"
          label={labels.password}
          hint={t('signup.passwordHint', { min: PASSWORD_MIN })}
          error={form.errorOf('password')}
        />
        <Button type="submit" variant="primary" block disabled={pending}>
          {pending ? t('reset.saving') : t('reset.save')}
        </Button>
      </form>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('reset.otherEmail')}
        </button>
      </div>
    </>
  );
}
