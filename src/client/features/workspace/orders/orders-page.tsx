import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { OrderStatus } from '../../../../shared/orders';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmOrdersQuery } from '../api/orders';
import { useWorkspace } from '../shell/workspace-context';
import { ListSearch } from '../ui/list-search';
import { CursorList, useCursorPages } from '../ui/paged-list';
import list from '../ui/workspace-list.module.css';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { OrderChip } from './order-chip';
import styles from './orders.module.css';

const FILTERS = ['all', 'paid', 'pending_payment', 'cancelled', 'refunded', 'expired'] as const;
type Filter = (typeof FILTERS)[number];

/** `workspace/orders`: the orders the firm receives, newest first, by status or reference. */
export function OrdersPage() {
  const { t } = useTranslation(['workspace-orders', 'workspace']);
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const [filter, setFilter] = useState<Filter>('all');
  const [q, setQ] = useState('');
  const pages = useCursorPages();
  const status: OrderStatus | undefined = filter === 'all' ? undefined : filter;
  const orders = useQuery({ ...firmOrdersQuery(firmId, { cursor: pages.cursor, status, q }), placeholderData: keepPreviousData });
  usePageTitle(t('title'));

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('title')} lead={t('lead')} />
      <div className={styles.filters}>
        <PillTabs
          label={t('filter.label')}
          idPrefix="order-filter"
          selected={filter}
          onSelect={(key) => {
            setFilter(key);
            pages.reset();
          }}
          tabs={FILTERS.map((key) => ({ key, label: t(`filter.${key}`) }))}
        />
        <ListSearch
          id="order-search"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          submitLabel={t('search.submit')}
          maxLength={16}
          spellCheck={false}
          onSearch={(value) => {
            setQ(value);
            pages.reset();
          }}
        />
      </div>
      <div role="tabpanel" aria-labelledby={`order-filter-${filter}`}>
        <CursorList
          query={orders}
          pages={pages}
          retryLabel={t('retry')}
          empty={<p className={ui.panel}>{q ? t('empty.search', { q }) : filter === 'all' ? t('empty.all') : t('empty.filtered')}</p>}
        >
          {(content) => (
            <ul className={list.list} data-testid="firm-orders">
              {content.map((order) => (
                <li key={order.id}>
                  <Link to="/workspace/orders/$reference" params={{ reference: order.reference }} className={list.row}>
                    <span className={styles.rowMain}>
                      <span className={styles.reference}>{order.reference}</span>
                      <span className={styles.rowTitle}>
                        <bdi>{order.title}</bdi>
                        {order.itemCount > 1 && <span className={styles.more}> · {t('items', { count: order.itemCount })}</span>}
                      </span>
                      <span className={styles.rowMeta}>
                        <bdi>{order.buyerName}</bdi>
                        {order.table && (
                          <>
                            {' · '}
                            <bdi>{order.table}</bdi>
                          </>
                        )}{' '}
                        · {format.dateTime(order.createdAt, firm.timezone, 'short')}
                      </span>
                    </span>
                    <span className={styles.rowEnd}>
                      <span className={styles.total}>{format.money(order.totalMinor, order.currency)}</span>
                      <OrderChip status={order.status} fulfilment={order.fulfilment} payAtCounter={order.payAtCounter} />
                    </span>
                    <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CursorList>
      </div>
    </div>
  );
}
