import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Search } from 'lucide-react';
import type { OrderStatus } from '../../../../shared/orders';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { Paginator, showPaginator } from '../../../components/ui/paginator';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { firmOrdersQuery } from '../api/orders';
import { useWorkspace } from '../shell/workspace-context';
import { problemMessage } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
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
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const status: OrderStatus | undefined = filter === 'all' ? undefined : filter;
  const orders = useQuery({ ...firmOrdersQuery(firmId, { page, status, q }), placeholderData: keepPreviousData });
  usePageTitle(t('title'));

  return (
    <div className={ui.page}>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{t('title')}</h1>
          <p className={ui.lead}>{t('lead')}</p>
        </div>
      </header>
      <div className={styles.filters}>
        <PillTabs
          label={t('filter.label')}
          idPrefix="order-filter"
          selected={filter}
          onSelect={(key) => {
            setFilter(key);
            setPage(0);
          }}
          tabs={FILTERS.map((key) => ({ key, label: t(`filter.${key}`) }))}
        />
        <form
          role="search"
          className={styles.search}
          onSubmit={(event) => {
            event.preventDefault();
            setQ(typed.trim());
            setPage(0);
          }}
        >
          <label htmlFor="order-search" className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            id="order-search"
            type="search"
            value={typed}
            maxLength={16}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('search.placeholder')}
            onChange={(event) => {
              setTyped(event.target.value);
              if (event.target.value === '') setQ('');
            }}
          />
          <Button type="submit" variant="icon" aria-label={t('search.submit')}>
            <Search size={18} aria-hidden="true" />
          </Button>
        </form>
      </div>
      <div role="tabpanel" aria-labelledby={`order-filter-${filter}`}>
        {orders.isPending ? (
          <PageSpinner />
        ) : orders.isError ? (
          <div className={ui.errorBox} role="alert">
            <p>{problemMessage(t, orders.error)}</p>
            <Button onClick={() => void orders.refetch()}>{t('retry')}</Button>
          </div>
        ) : orders.data.content.length === 0 ? (
          <p className={ui.panel}>{q ? t('empty.search', { q }) : filter === 'all' ? t('empty.all') : t('empty.filtered')}</p>
        ) : (
          <>
            <ul className={styles.list} data-testid="firm-orders">
              {orders.data.content.map((order) => (
                <li key={order.id}>
                  <Link to="/workspace/orders/$reference" params={{ reference: order.reference }} className={styles.row}>
                    <span className={styles.rowMain}>
                      <span className={styles.reference}>{order.reference}</span>
                      <span className={styles.rowTitle}>
                        <bdi>{order.title}</bdi>
                        {order.itemCount > 1 && <span className={styles.more}> · {t('items', { count: order.itemCount })}</span>}
                      </span>
                      <span className={styles.rowMeta}>
                        <bdi>{order.buyerName}</bdi> · {format.dateTime(order.createdAt, firm.timezone, 'short')}
                      </span>
                    </span>
                    <span className={styles.rowEnd}>
                      <span className={styles.total}>{format.money(order.totalMinor, order.currency)}</span>
                      <OrderChip status={order.status} fulfilment={order.fulfilment} />
                    </span>
                    <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
                  </Link>
                </li>
              ))}
            </ul>
            {showPaginator(orders.data.totalElements, orders.data.totalPages) && (
              <Paginator
                page={page + 1}
                previousDisabled={orders.data.first}
                nextDisabled={orders.data.last}
                onPrevious={() => setPage((p) => Math.max(0, p - 1))}
                onNext={() => setPage((p) => p + 1)}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
