import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session';
import { employmentsQuery } from '../api/get-employments';
import { dashFirmQuery } from '../api/get-dash-firm';
import { selectedFirmId } from '../selection/selection-machine';
import { firmToEnter, useSelectionStore } from '../selection/selection-store';

/**
 * The firm the workspace is opening on: the one selected in this tab, else the one the layout will enter without
 * asking (firmToEnter). Undefined when the layout will ask (several firms, none remembered) or nobody is signed in.
 */
async function firmBeingEntered(queryClient: QueryClient): Promise<string | undefined> {
  const user = useSessionStore.getState().user;
  if (!user) return undefined;
  const selection = useSelectionStore.getState();
  const selected = selection.userId === user.id ? selectedFirmId(selection.state) : undefined;
  if (selected) return selected;
  const employments = await queryClient.ensureQueryData(employmentsQuery(user.id)).catch(() => undefined);
  return (
    employments &&
    firmToEnter(
      user.id,
      employments.map((employment) => employment.firmId),
    )
  );
}

/**
 * For the workspace routes' loaders: starts reading what the layout (the employments, the firm) and the page (`page`
 * prefetches its queries for that firm) will ask for, and does not wait for it. On a first visit these reads otherwise begin one after
 * another, each once the render before it has its code, its translations and the previous answer: on a phone's link
 * that chain was most of the time to a usable page. The layout and the page read the same queries, so they find
 * the answers in the cache or on their way; they still decide everything (a refusal, a firm that is no longer one's).
 */
export function prefetchWorkspace(queryClient: QueryClient, page?: (firmId: string) => Promise<unknown>): void {
  void firmBeingEntered(queryClient).then((firmId) => {
    if (!firmId) return;
    void queryClient.prefetchQuery(dashFirmQuery(firmId));
    void page?.(firmId);
  });
}
