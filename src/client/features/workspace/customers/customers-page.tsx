import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { Customer } from '../../../../shared/customers';
import { SelectField } from '../../../components/ui/fields';
import { buttonClass } from '../../../components/ui/button';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { useWorkspace } from '../shell/workspace-context';
import { ListSearch } from '../ui/list-search';
import { CursorList, useCursorPages } from '../ui/paged-list';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { customersCsvHref, customersQuery, customerTagsQuery, type CustomerListFilter } from './customers-api';
import styles from './customers.module.css';

const NS = 'workspace-customers';
const DID: CustomerListFilter['did'][] = ['', 'bought', 'booked', 'follower', 'consents'];

/**
 * `workspace/customers`: everyone who bought, booked, followed or wrote, searched and filtered, a
 * keyset page at a time; the filtered list downloads as CSV. A row opens the customer (`onOpen`).
 */
export function CustomersPage({
  filter,
  onNarrow,
  onOpen,
}: {
  filter: CustomerListFilter;
  /** a new filter, which starts again at the first page */
  onNarrow: (filter: CustomerListFilter) => void;
  onOpen: (key: string) => void;
}) {
  const { t } = useTranslation(NS);
  const { firmId } = useWorkspace();
  usePageTitle(t('title'));
  const pages = useCursorPages();
  const query = useQuery({ ...customersQuery(firmId, filter, pages.cursor), placeholderData: keepPreviousData });
  const tags = useQuery(customerTagsQuery(firmId));
  const narrow = (change: Partial<CustomerListFilter>) => {
    pages.reset();
    onNarrow({ ...filter, ...change });
  };
  const filtered = Boolean(filter.q || filter.did || filter.tag);
  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <a href={customersCsvHref(firmId, filter)} download className={buttonClass({ variant: 'secondary' })} data-testid="customers-csv">
            <Download size={18} aria-hidden="true" />
            {t('csv')}
          </a>
        }
      />
      <div className={styles.filters}>
        <ListSearch
          id="customer-search"
          className={styles.search}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          submitLabel={t('search.submit')}
          maxLength={60}
          onSearch={(q) => narrow({ q })}
          initial={filter.q}
        />
        <SelectField
          id="customer-did"
          label={t('filter.did')}
          value={filter.did}
          onChange={(event) => narrow({ did: event.target.value as CustomerListFilter['did'] })}
        >
          {DID.map((did) => (
            <option key={did} value={did}>
              {t(`filter.${did || 'all'}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id="customer-tag" label={t('filter.tag')} value={filter.tag} onChange={(event) => narrow({ tag: event.target.value })}>
          <option value="">{t('filter.anyTag')}</option>
          {tags.data?.tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </SelectField>
      </div>
      <CursorList
        query={query}
        pages={pages}
        retryLabel={t('retry')}
        empty={<p className={ui.panel}>{filtered ? t('empty.filtered') : t('empty.all')}</p>}
      >
        {(content, data) => (
          <>
            <p className={ui.muted} data-testid="customers-count">
              {t('count', { count: data.totalElements })}
            </p>
            <CustomerTable customers={content} onOpen={onOpen} />
          </>
        )}
      </CursorList>
    </div>
  );
}

/** The rows: a table on a wide screen, one card a customer on a phone (customers.module.css). */
function CustomerTable({ customers, onOpen }: { customers: Customer[]; onOpen: (key: string) => void }) {
  const { t } = useTranslation(NS);
  const { firm } = useWorkspace();
  const f = useFormatters();
  const yesNo = (value: boolean) => (value ? t('list.yes') : t('list.no'));
  return (
    <table className={`${ui.table} ${styles.table}`} data-testid="customers">
      <thead>
        <tr>
          <th scope="col">{t('list.name')}</th>
          <th scope="col">{t('list.spent')}</th>
          <th scope="col">{t('list.orders')}</th>
          <th scope="col">{t('list.tickets')}</th>
          <th scope="col">{t('list.bookings')}</th>
          <th scope="col">{t('list.follows')}</th>
          <th scope="col">{t('list.consent')}</th>
          <th scope="col">{t('list.lastVisit')}</th>
          <th scope="col">{t('list.tags')}</th>
        </tr>
      </thead>
      <tbody>
        {customers.map((customer) => (
          <tr key={customer.key} data-testid="customer-row">
            <th scope="row" className={styles.person}>
              <button type="button" className={styles.open} onClick={() => onOpen(customer.key)}>
                <PersonAvatar name={customer.name} imagePath={customer.imagePath} size={36} />
                <span className={styles.who}>
                  <bdi className={styles.name}>{customer.name}</bdi>
                  <span className={styles.sub} dir="ltr">
                    {customer.flip ? `@${customer.flip}` : (customer.email ?? '')}
                  </span>
                  {!customer.userId && <span className={styles.sub}>{t('list.guest')}</span>}
                </span>
              </button>
            </th>
            <td data-label={t('list.spent')} className={styles.number}>
              {f.money(customer.spentMinor, customer.currency)}
            </td>
            <td data-label={t('list.orders')} className={styles.number}>
              {customer.orders}
            </td>
            <td data-label={t('list.tickets')} className={styles.number}>
              {customer.tickets}
            </td>
            <td data-label={t('list.bookings')} className={styles.number}>
              {customer.bookings}
            </td>
            <td data-label={t('list.follows')}>{yesNo(customer.follows)}</td>
            <td data-label={t('list.consent')}>{yesNo(customer.marketingOptIn)}</td>
            <td data-label={t('list.lastVisit')}>{customer.lastVisitAt ? f.date(customer.lastVisitAt, firm.timezone) : t('list.never')}</td>
            <td data-label={t('list.tags')}>
              <span className={styles.tags}>
                {customer.tags.map((tag) => (
                  <bdi key={tag} className={styles.tag}>
                    {tag}
                  </bdi>
                ))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
