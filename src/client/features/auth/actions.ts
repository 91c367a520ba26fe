import { ApiError } from '../../lib/api-client';
import { i18next } from '../../lib/i18n';
import { markSignedIn } from '../../lib/session';
import { toast } from '../../lib/toast-store';
import { TOAST_AUTH_ERROR_TIMEOUT_MS } from '../../../shared/limits';
import type { AuthResponse } from '../../../shared/user';
import { loginEmail } from './api/login-email';
import { loginGoogle } from './api/login-google';
import { signupStart } from './api/signup-start';
import { signupComplete } from './api/signup-complete';
import { resetPasswordStart } from './api/reset-password-start';
import { resetPasswordComplete } from './api/reset-password-complete';
import { detectSessionInfo } from './session-info';

const t = (key: string, options: Record<string, unknown> = {}) => i18next.t(key, { ns: 'auth', ...options });

/** What a failed auth call tells the form: field errors to show, and a message for the form itself. */
export interface AuthFailure {
  fieldErrors?: Record<string, string[]>;
  /** shown in the form (as well as any toast) until the next submit */
  formError?: string;
}

/** "Try again in 14 minutes": how long a 429 asks to wait, from its Retry-After. */
export function waitMessage(seconds: number | undefined): string {
  if (!seconds) return t('login.tooManyLater');
  if (seconds < 90) return t('login.tooManySeconds', { count: Math.max(1, Math.round(seconds)) });
  return t('login.tooManyMinutes', { count: Math.ceil(seconds / 60) });
}

/**
 * A request error of email login or signup's first step: the spec has those calls end silently (no toast of their
 * own), so only the form says what went wrong, beside its button, where the person is looking. Field errors and an
 * area switched off (503) are answered as everywhere else.
 */
function quietRequestError(error: unknown, title: string): AuthFailure {
  if (error instanceof ApiError && (error.status === 503 || (error.status === 400 && error.fieldErrors)))
    return showRequestError(error, title);
  return { formError: error instanceof ApiError && error.message ? error.message : t('unexpected') };
}

function showRequestError(error: unknown, title?: string): AuthFailure {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.fieldErrors) return { fieldErrors: error.fieldErrors };
    if (error.status === 503) {
      toast.warn(error.message || t('loginUnavailable'), title, TOAST_AUTH_ERROR_TIMEOUT_MS);
      return {};
    }
    toast.error(error.message, title, TOAST_AUTH_ERROR_TIMEOUT_MS);
    return {};
  }
  toast.error(t('unexpected'), title, TOAST_AUTH_ERROR_TIMEOUT_MS);
  return {};
}

function signedIn(response: AuthResponse): boolean {
  if (response.success && response.user) {
    markSignedIn(response.user);
    return true;
  }
  return false;
}

/** Email login: success false or bad credentials → 'Invalid Credentials.' titled 'Login Failed', 6 s. */
export async function loginWithEmail(email: string, password: string): Promise<true | AuthFailure> {
  try {
    if (signedIn(await loginEmail({ email, password, sessionInfo: detectSessionInfo() }))) return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      if (error instanceof ApiError && error.status === 429) {
        const wait = waitMessage(error.retryAfter);
        toast.warn(wait, t('login.failedTitle'), TOAST_AUTH_ERROR_TIMEOUT_MS);
        return { formError: wait };
      }
      return quietRequestError(error, t('login.failedTitle'));
    }
  }
  toast.warn(t('login.invalidCredentials'), t('login.failedTitle'), TOAST_AUTH_ERROR_TIMEOUT_MS);
  return { formError: t('login.invalidCredentials') };
}

/** Signup step one: success false → 'Please check your details or try again later.' titled 'Signup failed'. */
export async function startSignup(details: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  dateOfBirth: string;
}): Promise<true | AuthFailure> {
  try {
    const response = await signupStart(details);
    if (response.success) return true;
    toast.error(t('signup.checkDetails'), t('signup.failedTitle'), TOAST_AUTH_ERROR_TIMEOUT_MS);
    return {};
  } catch (error) {
    return quietRequestError(error, t('signup.failedTitle'));
  }
}

/** Signup step two: a request error shows the server detail titled 'Signup failed', 6 s. */
export async function completeSignup(email: string, code: string): Promise<true | AuthFailure> {
  try {
    const response = await signupComplete({ email, code, sessionInfo: detectSessionInfo() });
    if (signedIn(response)) return true;
    toast.error(t('signup.checkDetails'), t('signup.failedTitle'), TOAST_AUTH_ERROR_TIMEOUT_MS);
    return {};
  } catch (error) {
    return showRequestError(error, t('signup.failedTitle'));
  }
}

/** Google: a failure → error 'Continue with Google failed' with the server detail, 6 s; result false. */
export async function loginWithGoogle(idToken: string): Promise<boolean> {
  try {
    if (signedIn(await loginGoogle({ idToken, sessionInfo: detectSessionInfo() }))) return true;
    toast.error(t('google.failed'), undefined, TOAST_AUTH_ERROR_TIMEOUT_MS);
  } catch (error) {
    const detail = error instanceof ApiError ? error.message : t('unexpected');
    toast.error(detail, t('google.failed'), TOAST_AUTH_ERROR_TIMEOUT_MS);
  }
  return false;
}

export async function startPasswordReset(email: string): Promise<true | AuthFailure> {
  try {
    await resetPasswordStart(email);
    return true;
  } catch (error) {
    return showRequestError(error, t('reset.failedTitle'));
  }
}

export async function completePasswordReset(email: string, code: string, password: string): Promise<true | AuthFailure> {
  try {
    const response = await resetPasswordComplete({ email, code, password, sessionInfo: detectSessionInfo() });
    if (signedIn(response)) {
      toast.success(t('reset.done'));
      return true;
    }
    return {};
  } catch (error) {
    return showRequestError(error, t('reset.failedTitle'));
  }
}
