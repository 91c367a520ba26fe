import { notFound } from '@tanstack/react-router';
import type { QueryClient, FetchQueryOptions } from '@tanstack/react-query';
import { summarize } from '../../../shared/summary';
import { pageHead } from '../../lib/page-head';
import { preloadNamespaces } from '../../lib/i18n';
import { ensureFound } from '../../lib/ensure-found';
import { HERO_SIZES } from './hero-sizes';

interface DetailItem {
  name: string;
  description: string | null;
  imagePath: string | null;
  imageWidth: number | null;
}

/** What a dish's or a product's page head needs, read once by the loader. */
export interface ItemHeadData {
  name: string;
  description: string;
  imagePath: string | null;
  imageWidth: number | null;
}

/**
 * The loader of an item's own page (`/dish/…`, `/product/…`): the item and the texts its page shows, or the 404 page
 * when the item is gone.
 */
export async function loadItemDetail<T extends DetailItem, K extends readonly unknown[]>(
  queryClient: QueryClient,
  query: FetchQueryOptions<T | null, Error, T | null, K>,
): Promise<ItemHeadData> {
  const [item] = await Promise.all([ensureFound(queryClient, query), preloadNamespaces(['firm', 'saved'])]);
  if (!item) throw notFound();
  return {
    name: item.name,
    description: summarize(item.description ?? item.name),
    imagePath: item.imagePath,
    imageWidth: item.imageWidth,
  };
}

/** The head of an item's own page: its name, summary and hero image preloaded. */
export const itemDetailHead = (data: ItemHeadData | undefined, path: string) =>
  data
    ? pageHead({
        title: data.name,
        description: data.description,
        hero: { path: data.imagePath, sizes: HERO_SIZES.event, width: data.imageWidth },
        path,
      })
    : {};
