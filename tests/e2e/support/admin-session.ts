import { test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signUpWithApi } from './auth';
import { E2E_ADMIN_EMAIL } from './admin-account';

/** Signs the named platform admin in `request`'s cookie jar: signed up by the first spec that needs it (a retry runs on the same database). */
export async function signInAdmin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/iam/login/email', {
    headers: { Origin: test.info().project.use.baseURL! },
    data: { email: E2E_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  if (!login.ok()) await signUpWithApi(request, { firstName: 'Ada', lastName: 'Admin', email: E2E_ADMIN_EMAIL });
}
