import type { QueryClient } from '@tanstack/react-query';

export interface KeptItem {
  kind: 'firm' | 'event' | 'post' | 'saved';
  name: string;
  href: string;
}

interface Named {
  name?: string;
  username?: string;
  shortId?: string;
}

/**
 * What the device can show offline: the pages whose data the persisted query cache holds (firms,
 * events and posts visited) and the signed-in user's saved items, most recently fetched first.
 */
export function keptForOffline(queryClient: QueryClient, limit = 12): KeptItem[] {
  const items: (KeptItem & { at: number })[] = [];
  const seen = new Set<string>();
  const add = (item: KeptItem, at: number) => {
    if (seen.has(item.href) || !item.name) return;
    seen.add(item.href);
    items.push({ ...item, at });
  };
  for (const query of queryClient.getQueryCache().getAll()) {
    const [root, area, kind] = query.queryKey as unknown[];
    const data = query.state.data as (Named & { content?: (Named & { path?: string })[] }) | null | undefined;
    if (!data) continue;
    const at = query.state.dataUpdatedAt;
    if (root === 'public' && area === 'firms' && kind === 'detail' && data.username) {
      add({ kind: 'firm', name: data.name ?? data.username, href: `/${data.username}` }, at);
    } else if (root === 'public' && area === 'events' && kind === 'detail' && data.shortId) {
      add({ kind: 'event', name: data.name ?? '', href: `/event/${data.shortId}` }, at);
    } else if (root === 'public' && area === 'blog' && kind === 'detail' && data.shortId) {
      add({ kind: 'post', name: data.name ?? '', href: `/blog/${data.shortId}` }, at);
    } else if (root === 'saved' && kind === 'list') {
      for (const entry of data.content ?? []) if (entry.path) add({ kind: 'saved', name: entry.name ?? '', href: entry.path }, at);
    }
  }
  return items
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .map(({ kind, name, href }) => ({ kind, name, href }));
}
