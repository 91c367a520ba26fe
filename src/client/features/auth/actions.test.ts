import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../lib/toast-store';
import { loginWithEmail, startSignup } from './actions';

const problem = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Failed', status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

describe('email login and signup start: a request error ends silently, as the spec has it', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows no toast for a server error, only the form says what went wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(500, { detail: 'The database is restarting.' })),
    );
    expect(await loginWithEmail('layla@souk.test', 'secret-password')).toEqual({ formError: 'The database is restarting.' });
    expect(
      await startSignup({
        firstName: 'Layla',
        lastName: 'Haddad',
        email: 'l@souk.test',
        password: 'secret-password',
        dateOfBirth: '1990-01-01',
      }),
    ).toEqual({ formError: 'The database is restarting.' });
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('still warns of wrong credentials with the spec’s toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(401, { detail: 'Invalid credentials.' })),
    );
    const failure = await loginWithEmail('layla@souk.test', 'wrong-password');
    expect(failure).toHaveProperty('formError');
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});
