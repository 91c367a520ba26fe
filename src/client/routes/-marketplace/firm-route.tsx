import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { pickName } from '../../../shared/explore';
import type { FirmDetail } from '../../../shared/firms';
import { NotFoundPage } from '../../components/layout/not-found-page';
import { FirmPage, type FirmSection } from '../../features/firms/components/firm-page';
import { firmQuery } from '../../features/firms/api/get-firm';
import { industriesQuery } from '../../features/explore/api/get-industries';
import { MenuList } from '../../features/menus/components/menu-list';
import { menusQuery } from '../../features/menus/api/get-menus';
import { ProductGrid } from '../../features/products/components/product-grid';
import { productsQuery } from '../../features/products/api/get-products';
import { EventList } from '../../features/events/components/event-list';
import { eventsQuery } from '../../features/events/api/get-events';
import { BlogList } from '../../features/blog/components/blog-list';
import { blogPostsQuery } from '../../features/blog/api/get-blog-posts';
import { SavedToggle } from '../../features/saved/components/saved-toggle';
import { publicOrigin } from './public-url';

export const FIRM_EVENTS_SIZE = 6;
export const FIRM_BLOG_SIZE = 3;

/** Everything the firm page shows, fetched together (and server-rendered together). */
export async function loadFirmSections(queryClient: QueryClient, firm: FirmDetail) {
  await Promise.allSettled([
    queryClient.ensureQueryData(industriesQuery()),
    firm.hasMenu ? queryClient.ensureQueryData(menusQuery(firm.id)) : null,
    firm.products > 0 ? queryClient.ensureQueryData(productsQuery({ firmId: firm.id, page: 0 })) : null,
    firm.upcomingEvents > 0 ? queryClient.ensureQueryData(eventsQuery({ firmId: firm.id }, 0, FIRM_EVENTS_SIZE)) : null,
    firm.blogPosts > 0 ? queryClient.ensureQueryData(blogPostsQuery({ firmUsername: firm.username, page: 1, size: FIRM_BLOG_SIZE })) : null,
  ]);
}

export function FirmRoute({ username }: { username: string }) {
  const { t, i18n } = useTranslation('firm');
  const { data: firm } = useSuspenseQuery(firmQuery(username));
  const { data: industries = [] } = useQuery(industriesQuery());
  const [eventsPage, setEventsPage] = useState(0);
  if (!firm) return <NotFoundPage />;

  const category = industries.flatMap((i) => i.categories).find((c) => c.key === firm.categoryKey);
  const sections: FirmSection[] = [
    {
      id: 'menu',
      content: firm.hasMenu ? (
        <MenuList firmId={firm.id} renderSave={(item) => <SavedToggle entityId={item.id} entityTypeCode={ENTITY_TYPE.MENU_ITEM} name={item.name} compact />} />
      ) : null,
    },
    {
      id: 'shop',
      content:
        firm.products > 0 ? (
          <ProductGrid firmId={firm.id} renderSave={(p) => <SavedToggle entityId={p.id} entityTypeCode={ENTITY_TYPE.PRODUCT} name={p.name} compact />} />
        ) : null,
    },
    {
      id: 'events',
      content:
        firm.upcomingEvents > 0 ? (
          <EventList
            filter={{ firmId: firm.id }}
            page={eventsPage}
            size={FIRM_EVENTS_SIZE}
            showFirm={false}
            onPage={setEventsPage}
            emptyExplore={false}
            renderSave={(event) => <SavedToggle entityId={event.id} entityTypeCode={ENTITY_TYPE.EVENT} name={event.name} compact />}
          />
        ) : null,
    },
    {
      id: 'blog',
      content:
        firm.blogPosts > 0 ? (
          <>
            <BlogList firmUsername={firm.username} showFirmLabel={false} page={1} size={FIRM_BLOG_SIZE} />
            {firm.blogPosts > FIRM_BLOG_SIZE && (
              <p style={{ marginBlockStart: 'var(--space-4)' }}>
                <Link to="/$username/blog" params={{ username: firm.username }}>
                  {t('allPosts', { count: firm.blogPosts })}
                </Link>
              </p>
            )}
          </>
        ) : null,
    },
  ];

  return (
    <FirmPage
      firm={firm}
      categoryName={category ? pickName(category.names, i18n.language) : undefined}
      saveSlot={<SavedToggle entityId={firm.id} entityTypeCode={ENTITY_TYPE.FIRM} name={firm.name} />}
      sections={sections}
      publicUrl={publicOrigin()}
    />
  );
}
