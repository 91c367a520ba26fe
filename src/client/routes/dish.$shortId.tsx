import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENTITY_TYPE } from '../../shared/entity-types';
import { menuItemQuery } from '../features/menus/api/get-menu-item';
import { dietaryFacts } from '../features/menus/dietary';
import { useServedLine } from '../features/menus/serving';
import { useServingNow } from '../lib/serving-now';
import { isServingAt } from '../../shared/menu-hours';
import { SavedToggle } from '../features/saved/components/saved-toggle';
import { AddToCartButton } from '../features/orders/components/add-to-cart-button';
import { useOrderingClosed } from '../features/orders/ordering-hours';
import { ItemDetail } from '../components/ui/item-detail';
import { itemDetailHead, loadItemDetail } from '../components/ui/item-detail-route';
import { usePublicOrigin } from '../lib/share';
import { useFormatters } from '../lib/use-dates';
import { usePageView } from '../lib/page-view';

/** `/dish/{shortId}`: a menu item's own page, reachable from its firm's menu and from the showcase. */
export const Route = createFileRoute('/dish/$shortId')({
  loader: ({ context: { queryClient }, params }) => loadItemDetail(queryClient, menuItemQuery(params.shortId)),
  head: ({ loaderData, params }) => itemDetailHead(loaderData, `/dish/${params.shortId}`),
  component: DishPage,
});

function DishPage() {
  const origin = usePublicOrigin();
  const { shortId } = Route.useParams();
  usePageView('dish', shortId);
  const { t } = useTranslation('firm');
  const f = useFormatters();
  const { data: item, dataUpdatedAt } = useSuspenseQuery(menuItemQuery(shortId));
  const timeZone = item?.firmTimezone ?? 'UTC';
  const now = useServingNow([item?.menuServingHours ?? null], timeZone, dataUpdatedAt);
  const servedLine = useServedLine(t);
  const closed = useOrderingClosed(item?.firmOpeningHours ?? [], timeZone, dataUpdatedAt);
  if (!item) return null;
  // its menu not served now, or the firm closed: when it can be ordered, instead of the cart (the server refuses it anyway)
  const served = isServingAt(item.menuServingHours, timeZone, now);
  const unavailable = !item.available
    ? t('unavailable')
    : !served
      ? servedLine(item.menuName, item.menuServingHours!)
      : item.firmTakesOrders && closed
        ? closed
        : undefined;
  return (
    <ItemDetail
      followersOnly={item.followersOnly}
      kicker={item.menuName}
      name={item.name}
      description={item.description}
      price={f.money(item.priceMinor, item.currency)}
      unavailable={unavailable}
      image={item}
      firm={{ username: item.firmUsername, name: item.firmName, imagePath: item.firmImagePath }}
      facts={{ label: t('dietary'), items: dietaryFacts(item.tags, t) }}
      saveSlot={<SavedToggle entityId={item.id} entityTypeCode={ENTITY_TYPE.MENU_ITEM} name={item.name} compact />}
      purchaseSlot={
        item.firmTakesOrders && !unavailable ? <AddToCartButton itemType="menu_item" itemId={item.id} name={item.name} /> : undefined
      }
      url={`${origin}/dish/${item.shortId}`}
    />
  );
}
