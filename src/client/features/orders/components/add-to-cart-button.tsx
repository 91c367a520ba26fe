import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CartItemType, Carts } from '../../../../shared/cart';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { EARLY_TAP_ATTRIBUTE, useEarlyTap } from '../../../lib/early-tap';
import { requireLogin } from '../../../lib/login-popup';
import { useCurrentUser, useSessionStore } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { cartsQuery, useSetCartItem } from '../api/cart';
import styles from './add-to-cart.module.css';

/**
 * 'Add to cart' under a product or an orderable menu item (the firm page, the item's page): one
 * more in that firm's cart; signed out, the login popup. Once in the cart, a link to it with the
 * count. A product with variants adds the chosen one (its own line). What cannot be added now (a
 * sold-out choice, a dish while the firm is closed) shows the button disabled with `disabledReason` as its text. Strings from the firm page's namespace, so the
 * public page loads nothing more for it. A tap before the scripts have come is kept and done once
 * the button knows who is there (lib/early-tap.ts).
 */
// (perf) the server renders nobody signed in (lib/session.ts renderWithSessionStatus) and no cart: the
// same markup without the query and mutation observers every card's button would make
export function AddToCartButton(props: AddToCartProps) {
  return import.meta.env.SSR ? <ServerAddToCartButton {...props} /> : <LiveAddToCartButton {...props} />;
}

interface AddToCartProps {
  itemType: CartItemType;
  itemId: string;
  name: string;
  variant?: { id: string; name: string };
  disabledReason?: string;
}

/** The key of a button's kept tap: one per item and variant on the page. */
const earlyTapKey = ({ itemType, itemId, variant }: AddToCartProps) => `cart:${itemType}:${itemId}:${variant?.id ?? ''}`;

function ServerAddToCartButton(props: AddToCartProps) {
  const { t } = useTranslation('firm');
  return addToCartMarkup(t, props, { [EARLY_TAP_ATTRIBUTE]: earlyTapKey(props) }, false, 0);
}

function LiveAddToCartButton(props: AddToCartProps) {
  const { itemType, itemId, name, variant } = props;
  const { t } = useTranslation('firm');
  const user = useCurrentUser();
  const status = useSessionStore((session) => session.status);
  const earlyTap = useEarlyTap(earlyTapKey(props), status === 'signedOut' || Boolean(user));
  const queryClient = useQueryClient();
  const setItem = useSetCartItem(user?.id ?? '');
  // only what this page already knows: the carts are fetched on the first add
  const { data } = useQuery({ ...cartsQuery(user?.id ?? ''), enabled: false });
  const variantId = variant?.id ?? null;
  const lineOf = (carts: Carts | undefined) =>
    carts?.carts
      .flatMap((cart) => cart.lines)
      .find((line) => line.itemType === itemType && line.itemId === itemId && line.variantId === variantId);
  const inCart = lineOf(data)?.quantity ?? 0;
  const label = variant ? `${name} — ${variant.name}` : name;

  const add = async () => {
    if (!user) {
      requireLogin(t('cart.login'));
      return;
    }
    try {
      const current = lineOf(await queryClient.fetchQuery(cartsQuery(user.id)))?.quantity ?? 0;
      await setItem.mutateAsync({ itemType, itemId, variantId, quantity: current + 1 });
      toast.success(t('cart.added', { name: label }));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      // the server says how many are left: when some are, they are already in this cart
      const left = error instanceof ApiError ? Number(error.fieldErrors?.quantity?.[0] ?? 0) : 0;
      toast.error(
        code === 'out_of_stock'
          ? left > 0
            ? t('cart.allInCart', { name: label, count: left })
            : t('cart.outOfStock', { name: label })
          : code === 'item_unavailable'
            ? t('cart.unavailable', { name: label })
            : code === 'menu_not_serving'
              ? t('cart.notServing', { name: label })
              : code?.startsWith('variant_')
                ? t('cart.chooseAgain')
                : (error as Error).message,
      );
    }
  };

  return addToCartMarkup(t, props, earlyTap, setItem.isPending, inCart, () => void add());
}

/** The button's markup, the same on the server and in the browser (hydration); positional: the public entry's bytes. */
function addToCartMarkup(
  t: TFunction<'firm'>,
  { name, variant, disabledReason }: AddToCartProps,
  earlyTap: { ref?: React.Ref<HTMLButtonElement>; [EARLY_TAP_ATTRIBUTE]: string },
  pending: boolean,
  inCart: number,
  onAdd?: () => void,
) {
  return (
    <div className={styles.addToCart}>
      <Button
        {...earlyTap}
        size="small"
        onClick={onAdd}
        disabled={pending || Boolean(disabledReason)}
        aria-label={
          disabledReason ? undefined : variant ? t('cart.addVariant', { name, variant: variant.name }) : t('cart.addNamed', { name })
        }
      >
        {disabledReason ?? t('cart.add')}
      </Button>
      {inCart > 0 && (
        <Link to="/profile/cart" className={styles.inCart}>
          {t('cart.inCart', { count: inCart })}
        </Link>
      )}
    </div>
  );
}
