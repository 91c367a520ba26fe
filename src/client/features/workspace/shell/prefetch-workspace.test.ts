import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../shared/user';
import { queryKeys } from '../../../lib/query-keys';
import { markSignedIn } from '../../../lib/session';
import { rememberFirm, useSelectionStore } from '../selection/selection-store';
import { INITIAL_SELECTION } from '../selection/selection-machine';
import { prefetchWorkspace } from './prefetch-workspace';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', async (original) => ({ ...(await original<object>()), apiRequest }));

const user = { id: 'u1', firstName: 'Layla', lastName: 'H', flip: 'layla', imagePath: null, totalFriends: 0, statusCode: 1 } as SessionUser;
const employment = (firmId: string) => ({ id: `e-${firmId}`, firmId, firmName: firmId });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let queryClient: QueryClient;
beforeEach(() => {
  localStorage.clear();
  queryClient = new QueryClient();
  useSelectionStore.setState({ userId: null, state: INITIAL_SELECTION });
  apiRequest.mockReset();
  apiRequest.mockImplementation((path: string) =>
    Promise.resolve(path === '/api/business/employments/with-firms' ? [employment('firm-7'), employment('firm-42')] : { path }),
  );
  markSignedIn(user);
});
afterEach(() => queryClient.clear());

describe('what a workspace route starts reading before the layout renders', () => {
  it("reads the remembered firm and the page's data for it, without waiting for them", async () => {
    rememberFirm('u1', 'firm-42');
    const page = vi.fn((firmId: string) => queryClient.prefetchQuery({ queryKey: ['page', firmId], queryFn: () => 'figures' }));
    expect(prefetchWorkspace(queryClient, page)).toBeUndefined();
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.dashFirm('firm-42'))).toBeDefined());
    expect(page).toHaveBeenCalledWith('firm-42');
    expect(queryClient.getQueryData(['page', 'firm-42'])).toBe('figures');
  });

  it('reads nothing of a firm when the layout will ask which one (several, none remembered)', async () => {
    const page = vi.fn(() => Promise.resolve());
    prefetchWorkspace(queryClient, page);
    await settle();
    await settle();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
  });

  it('follows the firm chosen in this tab, without reading the employments', async () => {
    useSelectionStore.setState({ userId: 'u1', state: { status: 'ready', firmId: 'firm-7' } });
    prefetchWorkspace(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.dashFirm('firm-7'))).toBeDefined());
    expect(apiRequest).not.toHaveBeenCalledWith('/api/business/employments/with-firms');
  });
});
