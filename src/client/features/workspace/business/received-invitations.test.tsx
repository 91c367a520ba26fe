import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderInRouter } from '../../../components/test-utils';
import { markSignedIn, markSignedOut } from '../../../lib/session';
import { useToastStore } from '../../../lib/toast-store';
import enWorkspace from '../../../locales/en/workspace.json';
import { employmentsQuery } from '../api/get-employments';
import { ReceivedInvitations } from './received-invitations';

/**
 * Answering an invitation refetches the invitations (its card goes away) and the business list. When
 * the invitations answer first, the card is gone before the business list's answer arrives: the
 * toast and the move to the workspace must still happen (they were lost with the card).
 */
const invitation = {
  id: '1f0e7d36-3c55-4c1e-9a57-0a4b6a1d2c3e',
  firmId: 'f1',
  firmName: 'Atlas Coffee Roasters',
  firmImagePath: null,
  userRole: 'staff',
  invitedBy: 'Nadia Alaoui',
};
const employment = { firmId: 'f1', firmName: 'Atlas Coffee Roasters', userRole: 'staff' };

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const noContent = () => new Response(null, { status: 204 });
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let answered = false;

beforeAll(async () => {
  const i18n = await initTestI18n();
  i18n.addResourceBundle('en', 'workspace', enWorkspace, true, true);
});

beforeEach(() => {
  answered = false;
  markSignedIn({
    id: 'me',
    firstName: 'Karim',
    lastName: 'Berrada',
    flip: 'karim',
    imagePath: null,
    totalFriends: 0,
    statusCode: 1,
    regionPreference: 'EU',
    hourFormat: 24,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        answered = true;
        return url.endsWith('/accept') ? json(employment) : noContent();
      }
      if (url.startsWith('/api/business/invitations')) return json(answered ? [] : [invitation]);
      // the business list answers after the invitations
      if (answered) await later(150);
      return json(answered ? [employment] : []);
    }),
  );
});

afterEach(() => {
  markSignedOut();
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
});

function BusinessList() {
  const employments = useQuery(employmentsQuery('me'));
  return <p>{employments.data?.length ?? 0} businesses</p>;
}

/** The business page's two lists: the invitations and the businesses I work for. */
const renderBusinessPage = () =>
  renderInRouter(
    <>
      <ReceivedInvitations userId="me" />
      <BusinessList />
    </>,
    '/business',
  );

const toastMessages = () => useToastStore.getState().toasts.map((toast) => toast.message);

describe('an invitation card', () => {
  it('accepted: says so and opens the workspace, though the card is gone before the business list is back', async () => {
    const { router } = await renderBusinessPage();
    const accept = await screen.findByRole('button', { name: 'Accept' });
    await act(async () => fireEvent.click(accept));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    await waitFor(() => expect(screen.getByText('1 businesses')).toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace'));
    expect(toastMessages()).toEqual([expect.stringContaining('Atlas Coffee Roasters')]);
  });

  it('declined: says so, though the card is gone first', async () => {
    await renderBusinessPage();
    const decline = await screen.findByRole('button', { name: 'Decline' });
    await act(async () => fireEvent.click(decline));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull());
    await waitFor(() => expect(toastMessages()).toEqual([expect.stringContaining('Atlas Coffee Roasters')]));
  });
});
