import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Download, Loader2 } from 'lucide-react';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { useFormatters } from '../../../lib/use-dates';
import { invoicesQuery, planOrderQuery } from '../api/plans';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './plans.module.css';

/** `workspace/billing` (owners): the invoices with their receipts; back from paying, the order's outcome. */
export function BillingPage({ orderId }: { orderId?: string }) {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const format = useFormatters();
  const invoices = useQuery(invoicesQuery(workspace.firmId));
  usePageTitle(t('nav.billing'));

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('nav.billing')} lead={t('billing.lead')} />
      {orderId && <OrderOutcome orderId={orderId} />}
      {invoices.isPending ? (
        <PageSpinner />
      ) : invoices.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{invoices.error.message}</p>
          <Button onClick={() => void invoices.refetch()}>{t('retry')}</Button>
        </div>
      ) : invoices.data.length === 0 ? (
        <p className={ui.panel}>{t('billing.none')}</p>
      ) : (
        <section className={ui.panel} aria-labelledby="invoices-title">
          <h2 id="invoices-title" className={ui.panelTitle}>
            {t('billing.invoices')}
          </h2>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('billing.number')}</th>
                  <th scope="col">{t('billing.date')}</th>
                  <th scope="col">{t('billing.plan')}</th>
                  <th scope="col">{t('billing.period')}</th>
                  <th scope="col">{t('billing.amount')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('billing.receipt')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.data.map((invoice) => (
                  <tr key={invoice.id}>
                    <td dir="ltr">{invoice.number}</td>
                    <td>{format.date(invoice.paidAt, workspace.firm.timezone)}</td>
                    <td>{t(`plans.${invoice.plan}.name`)}</td>
                    <td>
                      {format.date(invoice.periodStart, workspace.firm.timezone, 'short')} –{' '}
                      {format.date(invoice.periodEnd, workspace.firm.timezone, 'short')}
                    </td>
                    <td>{format.money(invoice.amountMinor, invoice.currency)}</td>
                    <td>
                      <a
                        href={`/api/dashboard/billing/invoices/${encodeURIComponent(invoice.id)}/receipt`}
                        download
                        className={styles.receiptLink}
                      >
                        <Download size={16} aria-hidden="true" />
                        {t('billing.receipt')}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

function OrderOutcome({ orderId }: { orderId: string }) {
  const { t } = useTranslation('workspace');
  const { firmId } = useWorkspace();
  const queryClient = useQueryClient();
  const order = useQuery(planOrderQuery(firmId, orderId));
  const status = order.data?.status;
  useEffect(() => {
    // paid: the plan, its usage and the invoices are new
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId), refetchType: 'active' });
  }, [status, firmId, queryClient]);
  if (order.isError) return null;
  return (
    <p className={styles.status} role="status" aria-live="polite">
      {status === 'paid' ? (
        <>
          <CheckCircle2 size={20} aria-hidden="true" color="var(--color-success)" />
          {t('billing.paid', { plan: t(`plans.${order.data!.plan}.name`) })}
        </>
      ) : status === 'canceled' ? (
        t('plans.canceled')
      ) : (
        <>
          <Loader2 size={20} aria-hidden="true" />
          {t('billing.confirming')}
        </>
      )}
    </p>
  );
}
