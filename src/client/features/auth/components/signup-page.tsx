import { useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { codeSchema, emailSchema, signupStartSchema } from '../../../../shared/auth';
import { PASSWORD_MIN, MINIMUM_AGE } from '../../../../shared/limits';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { useAuthFlag } from '../use-flag';
import { usePageTitle } from '../../../lib/page-head';
import { useZodForm } from '../../../lib/use-zod-form';
import { completeSignup, startSignup } from '../actions';
import { safeGo } from '../guards';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import styles from './auth.module.css';

const codeFormSchema = z.object({ email: emailSchema, code: codeSchema });

type Details = z.output<typeof signupStartSchema>;

export function SignupPage({ go }: { go?: string }) {
  const { t } = useTranslation('auth');
  const signupOn = useAuthFlag('SIGNUP');
  const [details, setDetails] = useState<Details | null>(null);
  usePageTitle(t('signup.title'));
  return (
    <section className={styles.page}>
      <div className={styles.card}>
        {details ? (
          <CodeStep details={details} go={go} onBack={() => setDetails(null)} />
        ) : (
          <DetailsStep enabled={signupOn} go={go} onSent={setDetails} />
        )}
      </div>
    </section>
  );
}

function DetailsStep({ enabled, go, onSent }: { enabled: boolean; go?: string; onSent(details: Details): void }) {
  const { t } = useTranslation('auth');
  const labels = {
    firstName: t('fields.firstName'),
    lastName: t('fields.lastName'),
    email: t('fields.email'),
    password: t('fields.password'),
    dateOfBirth: t('fields.dateOfBirth'),
  };
  const form = useZodForm(signupStartSchema, { firstName: '', lastName: '', email: '', password: '', dateOfBirth: '' }, labels);
  const { pending } = form;
  const submit = form.submitTo(startSignup, onSent);
  return (
    <>
      <h1 className={styles.title}>{t('signup.title')}</h1>
      <p className={styles.subtitle}>{t('signup.subtitle')}</p>
      {!enabled && (
        <p className={styles.notice} role="status">
          {t('signupUnavailable')}
        </p>
      )}
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={pending}>
        {form.formError && (
          <p className={styles.formError} role="alert" data-testid="signup-error">
            {form.formError}
          </p>
        )}
        <div className={formLayout.row}>
          <TextField
            {...form.field('firstName')}
            autoComplete="given-name"
            label={labels.firstName}
            error={form.errorOf('firstName')}
            disabled={!enabled}
          />
          <TextField
            {...form.field('lastName')}
            autoComplete="family-name"
            label={labels.lastName}
            error={form.errorOf('lastName')}
            disabled={!enabled}
          />
        </div>
        <TextField
          {...form.field('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          label={labels.email}
          error={form.errorOf('email')}
          disabled={!enabled}
        />
        <TextField
          {...form.field('password')}
          type="password"
          autoComplete="new-password"
          label={labels.password}
          hint={t('signup.passwordHint', { min: PASSWORD_MIN })}
          error={form.errorOf('password')}
          disabled={!enabled}
        />
        <TextField
          {...form.field('dateOfBirth')}
          type="date"
          autoComplete="bday"
          label={labels.dateOfBirth}
          hint={t('signup.ageHint', { age: MINIMUM_AGE })}
          error={form.errorOf('dateOfBirth')}
          max={new Date().toISOString().slice(0, 10)}
          disabled={!enabled}
        />
        <Button type="submit" variant="primary" block disabled={!enabled || pending}>
          {pending ? t('signup.sending') : t('signup.submit')}
        </Button>
      </form>
      <p className={styles.legal}>
        {t('signup.legalBefore')} <Link to="/terms">{t('signup.terms')}</Link> {t('signup.legalAnd')}{' '}
        <Link to="/privacy">{t('signup.privacy')}</Link>.
      </p>
      <div className={styles.links}>
        <span>
          {t('signup.haveAccount')}{' '}
          <Link to="/login" search={{ go }}>
            {t('signup.toLogin')}
          </Link>
        </span>
      </div>
    </>
  );
}

function CodeStep({ details, go, onBack }: { details: Details; go?: string; onBack(): void }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const [resent, setResent] = useState(false);
  const form = useZodForm(codeFormSchema, { email: details.email, code: '' }, { email: t('fields.email'), code: t('fields.code') });
  const { pending } = form;
  const submit = form.submitTo(
    ({ email, code }) => completeSignup(email, code),
    () => router.navigate({ href: safeGo(go), replace: true }),
  );
  const resend = async () => {
    setResent(false);
    if ((await startSignup(details)) === true) setResent(true);
  };
  return (
    <>
      <h1 className={styles.title}>{t('signup.codeTitle')}</h1>
      <p className={styles.subtitle}>{t('signup.codeSent', { email: details.email })}</p>
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          {...form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className={styles.code}
          label={t('fields.code')}
          hint={t('signup.codeHint')}
          error={form.errorOf('code')}
          // the code step replaces the form the focus was in: the field to type the mailed code into takes it
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <Button type="submit" variant="primary" block disabled={pending}>
          {pending ? t('signup.creating') : t('signup.complete')}
        </Button>
      </form>
      {resent && (
        <p className={styles.hint} role="status">
          {t('signup.resent')}
        </p>
      )}
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('signup.back')}
        </button>
        <button type="button" className={styles.linkButton} onClick={resend}>
          {t('signup.resend')}
        </button>
      </div>
    </>
  );
}
