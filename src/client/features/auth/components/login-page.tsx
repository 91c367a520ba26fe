import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { emailLoginSchema } from '../../../../shared/auth';
import { Button } from '../../../components/ui/button';
import { useAuthFlag } from '../use-flag';
import { usePageTitle } from '../../../lib/page-head';
import { useZodForm } from '../../../lib/use-zod-form';
import { loginWithEmail } from '../actions';
import { safeGo } from '../guards';
import { GoogleButton } from './google-button';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import styles from './auth.module.css';

const loginFormSchema = emailLoginSchema.pick({ email: true, password: true });

export function LoginPage({ go }: { go?: string }) {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const loginOn = useAuthFlag('LOGIN');
  const signupOn = useAuthFlag('SIGNUP');
  const resetOn = useAuthFlag('PASSWORD_RESET');
  usePageTitle(t('login.title'));
  // tabbing past an empty box on the way to the password manager is not a mistake: messages wait for the first sign-in
  const form = useZodForm(
    loginFormSchema,
    { email: '', password: '' },
    { email: t('fields.email'), password: t('fields.password') },
    'submit',
  );

  const { pending } = form;
  const submit = form.submitTo(
    ({ email, password }) => loginWithEmail(email, password),
    () => router.navigate({ href: safeGo(go), replace: true }),
  );

  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        {!loginOn && (
          <p className={styles.notice} role="status">
            {t('loginUnavailable')}
          </p>
        )}
        <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={pending}>
          {form.formError && (
            <p className={styles.formError} role="alert" data-testid="login-error">
              {form.formError}
            </p>
          )}
          <TextField
            {...form.field('email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            label={t('fields.email')}
            error={form.errorOf('email')}
            disabled={!loginOn}
          />
          <TextField
            {...form.field('password')}
            type="password"
            autoComplete="current-password"
            label={t('fields.password')}
            error={form.errorOf('password')}
            disabled={!loginOn}
          />
          <Button type="submit" variant="primary" block disabled={!loginOn || pending}>
            {pending ? t('login.pending') : t('login.submit')}
          </Button>
        </form>
        <GoogleButton go={go} disabled={!loginOn} />
        <div className={styles.links}>
          {resetOn && <Link to="/password">{t('login.forgot')}</Link>}
          {signupOn && (
            <span>
              {t('login.noAccount')}{' '}
              <Link to="/signup" search={{ go }}>
                {t('login.toSignup')}
              </Link>
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
