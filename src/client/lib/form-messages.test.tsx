import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next, { type BackendModule } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { useFormMessages } from './form-messages';

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** An i18n that, like the app's, loads a namespace only when a component asks for it. */
async function lazyI18n(language: string) {
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(lng, ns, callback) {
      void locales[`../locales/${lng}/${ns}.json`]().then((module) => callback(null, module.default));
    },
  };
  const instance = i18next.createInstance();
  await instance
    .use(backend)
    .use(initReactI18next)
    .init({ lng: language, fallbackLng: 'en', ns: ['common'], defaultNS: 'common', react: { useSuspense: true } });
  return instance;
}

function EmptyName({ own }: { own?: string }) {
  const messages = useFormMessages(own);
  const issue = z.object({ name: z.string().min(1) }).safeParse({ name: '' }).error!.issues[0];
  return <p>{messages.ofIssue(issue, 'Name', '')}</p>;
}

async function shown(language: string, own?: string) {
  render(
    <I18nextProvider i18n={await lazyI18n(language)}>
      <Suspense fallback="loading">
        <EmptyName own={own} />
      </Suspense>
    </I18nextProvider>,
  );
  return (await screen.findByText(/Name/)).textContent;
}

describe('useFormMessages', () => {
  afterEach(cleanup);

  it('loads the generic messages itself on a page that never loaded them', async () => {
    expect(await shown('en', 'workspace')).toBe('Name is required.');
    cleanup();
    expect(await shown('fr')).toBe('Name est obligatoire.');
  });

  it('prefers the page namespace’s own message for a schema key', async () => {
    const i18n = await lazyI18n('en');
    await i18n.loadNamespaces(['workspace', 'auth']);
    const own = (i18n.getResource('en', 'workspace', 'validation') ?? {}) as Record<string, string>;
    const key = Object.keys(own)[0];
    expect(key, 'the workspace namespace has validation keys').toBeTruthy();
    function OwnKey() {
      const messages = useFormMessages('workspace');
      const issue = z
        .string()
        .refine(() => false, `validation.${key}`)
        .safeParse('x').error!.issues[0];
      return <p>{messages.ofIssue(issue, 'Username', 'x')}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <OwnKey />
      </I18nextProvider>,
    );
    expect(screen.getByText(i18n.t(`validation.${key}`, { ns: 'workspace', label: 'Username' }))).toBeInTheDocument();
  });
});
