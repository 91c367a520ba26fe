import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isMenuAvailabilityChange } from '../../../../shared/menu-availability';
import { SwitchRow } from '../../../components/ui/fields';
import { useLiveEvent, useLivePollInterval } from '../../../lib/live-events';
import { followOtherScreensDishes, kitchenDishesQuery, useSetDishAvailable } from '../api/kitchen';
import styles from './kitchen.module.css';

const POLL_MS = 30_000;

/**
 * The menus' dishes with a switch each: a cook switches one off when it runs out ("86") and on
 * again; guests' menus and carts follow at once. Other screens of the team follow the live event.
 */
export function DishesPanel({ firmId }: { firmId: string }) {
  const { t } = useTranslation('workspace-kitchen');
  const queryClient = useQueryClient();
  // the switches of another screen arrive live; while the stream is down, now and then
  const dishes = useQuery({ ...kitchenDishesQuery(firmId), refetchInterval: useLivePollInterval(POLL_MS) });
  const setAvailable = useSetDishAvailable(firmId);
  const onMenuChange = useCallback(
    (data: unknown) => {
      if (isMenuAvailabilityChange(data)) followOtherScreensDishes(queryClient, firmId);
    },
    [queryClient, firmId],
  );
  useLiveEvent('menu', onMenuChange);

  const list = dishes.data?.dishes ?? [];
  const off = list.filter((dish) => !dish.available).length;
  return (
    <details className={`${styles.panel} ${styles.dishes}`} data-testid="kitchen-dishes">
      <summary className={styles.panelTitle}>{off > 0 ? t('dishes.titleOff', { count: off }) : t('dishes.title')}</summary>
      <p className={styles.muted}>{t('dishes.hint')}</p>
      {dishes.isSuccess && list.length === 0 && <p className={styles.muted}>{t('dishes.none')}</p>}
      {list.map((dish) => (
        <SwitchRow
          key={dish.id}
          id={`dish-${dish.id}`}
          label={dish.name}
          description={dish.available ? (dish.sectionName ?? dish.menuName) : t('dishes.off')}
          checked={dish.available}
          disabled={setAvailable.isPending && setAvailable.variables.id === dish.id}
          onChange={(available) => setAvailable.mutateAsync({ id: dish.id, available })}
        />
      ))}
    </details>
  );
}
