import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CartItemType } from '../../../../shared/cart';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { requireLogin } from '../../../lib/login-popup';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { cartsQuery, useSetCartItem } from '../api/cart';
import styles from './add-to-cart.module.css';

/**
 * 'Add to cart' under a product or an orderable menu item (the firm page, the item's page): one
 * more in that firm's cart; signed out, the login popup. Once in the cart, a link to it with the
 * count. Strings from the firm page's namespace, so the public page loads nothing more for it.
 */
export function AddToCartButton({ itemType, itemId, name }: { itemType: CartItemType; itemId: string; name: string }) {
  const { t } = useTranslation('firm');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const setItem = useSetCartItem(user?.id ?? '');
  // only what this page already knows: the carts are fetched on the first add
  const { data } = useQuery({ ...cartsQuery(user?.id ?? ''), enabled: false });
  const inCart =
    data?.carts.flatMap((cart) => cart.lines).find((line) => line.itemType === itemType && line.itemId === itemId)?.quantity ?? 0;

  const add = async () => {
    if (!user) {
      requireLogin(t('cart.login'));
      return;
    }
    try {
      const carts = await queryClient.fetchQuery(cartsQuery(user.id));
      const current =
        carts.carts.flatMap((cart) => cart.lines).find((line) => line.itemType === itemType && line.itemId === itemId)?.quantity ?? 0;
      await setItem.mutateAsync({ itemType, itemId, quantity: current + 1 });
      toast.success(t('cart.added', { name }));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      toast.error(
        code === 'out_of_stock'
          ? t('cart.outOfStock', { name })
          : code === 'item_unavailable'
            ? t('cart.unavailable', { name })
            : (error as Error).message,
      );
    }
  };

  return (
    <div className={styles.addToCart}>
      <Button size="small" onClick={() => void add()} disabled={setItem.isPending} aria-label={t('cart.addNamed', { name })}>
        {t('cart.add')}
      </Button>
      {inCart > 0 && (
        <Link to="/profile/cart" className={styles.inCart}>
          {t('cart.inCart', { count: inCart })}
        </Link>
      )}
    </div>
  );
}
