import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPE } from '../../../shared/entity-types';
import { pickName } from '../../../shared/i18n';
import { NotFoundPage } from '../../components/layout/not-found-page';
import { FirmPage, type FirmSection } from '../../features/firms/components/firm-page';
import { firmQuery } from '../../features/firms/api/get-firm';
import { categoryQuery } from '../../lib/industries';
import { MenuList } from '../../features/menus/components/menu-list';
import { ProductGrid } from '../../features/products/components/product-grid';
import { EventList } from '../../features/events/components/event-list';
import { BlogList } from '../../features/blog/components/blog-list';
import { SavedToggle } from '../../features/saved/components/saved-toggle';
import { AddToCartButton } from '../../features/orders/components/add-to-cart-button';
import { FirmTableBadge } from '../../features/tables/components/firm-table-badge';
import { OrderingClosedNote } from '../../features/orders/components/ordering-closed-note';
import { useOrderingClosed } from '../../features/orders/ordering-hours';
import { usePublicOrigin } from '../../lib/share';
import { FIRM_BLOG_SIZE, FIRM_EVENTS_SIZE } from './firm-loader';
import { PageSpinner } from '../../components/feedback/page-spinner';

// the reviews load after the page: they are below the fold, and the QR landing stays light
const loadReviews = () => import('../../features/reviews/components/firm-reviews');
const FirmReviews = lazy(loadReviews);

/**
 * `/{username}`: the firm's page (features/firms) with the sections other features give it (menu,
 * shop, events, blog, save toggles, add to cart), as loaded together by firm-loader.ts.
 */
export function FirmWithSections({ username }: { username: string }) {
  const origin = usePublicOrigin();
  const { t, i18n } = useTranslation('firm');
  const { data: firm, dataUpdatedAt } = useSuspenseQuery(firmQuery(username));
  const { data: category } = useQuery(categoryQuery(useQueryClient(), firm?.categoryKey ?? ''));
  const [eventsPage, setEventsPage] = useState(0);
  // The section goes live only when it is seen (components/layout/hydrate-when-visible.tsx), but its
  // code still comes with the page: the service worker keeps what the page loaded, and the page
  // opened again offline renders its reviews section at once.
  useEffect(() => {
    void loadReviews();
  }, []);
  // the dishes are ordered while the firm is open; its shop keeps no hours
  const closed = useOrderingClosed(firm?.openingHours ?? [], firm?.timezone ?? 'UTC', dataUpdatedAt);
  if (!firm) return <NotFoundPage />;

  const sections: FirmSection[] = [
    {
      id: 'menu',
      content: firm.hasMenu ? (
        <>
          {firm.takesOrders && <FirmTableBadge firmId={firm.id} />}
          {firm.takesOrders && closed && <OrderingClosedNote text={closed} />}
          <MenuList
            firmId={firm.id}
            timeZone={firm.timezone}
            renderSave={(item) => <SavedToggle entityId={item.id} entityTypeCode={ENTITY_TYPE.MENU_ITEM} name={item.name} compact />}
            renderAction={
              firm.takesOrders
                ? (item) => (
                    <AddToCartButton
                      itemType="menu_item"
                      itemId={item.id}
                      name={item.name}
                      disabledReason={closed ? t('ordering.closed') : undefined}
                    />
                  )
                : undefined
            }
          />
        </>
      ) : null,
    },
    {
      id: 'shop',
      content:
        firm.products > 0 ? (
          <ProductGrid
            firmId={firm.id}
            renderSave={(p) => <SavedToggle entityId={p.id} entityTypeCode={ENTITY_TYPE.PRODUCT} name={p.name} compact />}
            renderAction={(p) => <AddToCartButton itemType="product" itemId={p.id} name={p.name} />}
          />
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
    {
      id: 'reviews',
      content: (
        <Suspense fallback={<PageSpinner />}>
          <FirmReviews firmId={firm.id} username={firm.username} />
        </Suspense>
      ),
    },
  ];

  return (
    <FirmPage
      firm={firm}
      categoryName={category ? pickName(category.names, i18n.language) : undefined}
      saveSlot={<SavedToggle entityId={firm.id} entityTypeCode={ENTITY_TYPE.FIRM} name={firm.name} />}
      sections={sections}
      publicUrl={origin}
    />
  );
}
