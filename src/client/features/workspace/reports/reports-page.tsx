import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { SALES_PERIODS, type SalesPeriod, type SalesReport } from '../../../../shared/sales-reports';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { useBucketLabel } from './bucket-label';
import { salesCsvHref, salesReportQuery, type ReportPeriod } from './reports-api';
import styles from './reports.module.css';

// the chart library loads with the first chart, after the figures are on screen
const SalesChart = lazy(() => import('./sales-chart').then((module) => ({ default: module.SalesChart })));

/** `workspace/reports`: what the firm sold over a period of its own days, with a table beside every chart and CSV downloads. */
export function ReportsPage() {
  const { t, i18n } = useTranslation(['workspace-reports', 'workspace']);
  const calendarDay = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }), [i18n.language]);
  const dayText = (date: string) => calendarDay.format(new Date(`${date}T00:00:00Z`));
  usePageTitle(t('title'));
  const { firmId } = useWorkspace();
  const [period, setPeriod] = useState<ReportPeriod>({ period: '30d' });
  const customReady = period.period !== 'custom' || Boolean(period.from && period.to);
  const report = useQuery({ ...salesReportQuery(firmId, period), enabled: customReady });

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('title')}
        actions={
          report.data &&
          report.data.totals.orders > 0 && (
            <>
              <a href={salesCsvHref(firmId, period, 'series')} download className={buttonClass({ variant: 'secondary' })}>
                <Download size={18} aria-hidden="true" />
                {t('csvSeries')}
              </a>
              <a href={salesCsvHref(firmId, period, 'orders')} download className={buttonClass({ variant: 'ghost' })}>
                <Download size={18} aria-hidden="true" />
                {t('csvOrders')}
              </a>
            </>
          )
        }
      >
        {report.data && (
          <p className={ui.muted} data-testid="report-range">
            {t('range', { from: dayText(report.data.from), to: dayText(report.data.to), zone: report.data.timezone })}
          </p>
        )}
      </WorkspacePageHeader>

      <PillTabs
        label={t('period')}
        idPrefix="report-period"
        selected={period.period}
        onSelect={(next: SalesPeriod) => setPeriod((current) => ({ ...current, period: next }))}
        tabs={SALES_PERIODS.map((key) => ({ key, label: t(`periods.${key}`) }))}
      />
      {period.period === 'custom' && (
        <div className={styles.range}>
          <TextField
            id="report-from"
            type="date"
            label={t('from')}
            value={period.from ?? ''}
            onChange={(event) => setPeriod((current) => ({ ...current, from: event.target.value }))}
          />
          <TextField
            id="report-to"
            type="date"
            label={t('to')}
            value={period.to ?? ''}
            onChange={(event) => setPeriod((current) => ({ ...current, to: event.target.value }))}
          />
        </div>
      )}

      {report.error ? (
        <p className={ui.errorBox} role="alert">
          {contentProblem(t, report.error)}
        </p>
      ) : !customReady ? (
        <p className={ui.muted}>{t('pickDays')}</p>
      ) : report.data ? (
        <ReportBody report={report.data} />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

function ReportBody({ report }: { report: SalesReport }) {
  const { t } = useTranslation('workspace-reports');
  const format = useFormatters();
  const label = useBucketLabel(report.bucket);
  const money = useCallback((minor: number) => format.money(minor, report.currency), [format, report.currency]);
  const chartLabels = useMemo(() => report.series.map((point) => label(point.start)), [report.series, label]);
  const chartValues = useMemo(() => report.series.map((point) => point.netMinor), [report.series]);
  const { totals } = report;
  const figures: [string, string, string][] = [
    ['gross', t('gross'), money(totals.grossMinor)],
    ['refunds', t('refunds'), money(totals.refundsMinor)],
    ['net', t('net'), money(totals.netMinor)],
    ['orders', t('orders'), String(totals.orders)],
    ['tickets', t('tickets'), String(totals.ticketsSold)],
    ['average', t('average'), money(totals.averageOrderMinor)],
  ];
  return (
    <>
      <dl className={styles.figures} data-testid="report-totals">
        {figures.map(([key, name, value]) => (
          <div key={key} className={styles.figure} data-figure={key}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.otherCurrencyOrders > 0 && <p className={ui.muted}>{t('otherCurrency', { count: report.otherCurrencyOrders })}</p>}

      <section className={ui.panel} aria-labelledby="report-series">
        <h2 id="report-series" className={ui.panelTitle}>
          {t(`series.${report.bucket}`)}
        </h2>
        {totals.orders === 0 && totals.refundsMinor === 0 ? (
          <p className={ui.muted}>{t('noSales')}</p>
        ) : (
          <div className={styles.chartAndTable}>
            <Suspense fallback={<div className={styles.chartSpace} />}>
              <SalesChart labels={chartLabels} values={chartValues} format={money} />
            </Suspense>
            <div className={ui.tableWrap}>
              <table className={ui.table} data-testid="report-series-table">
                <caption className="visually-hidden">{t(`series.${report.bucket}`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('date')}</th>
                    <th scope="col">{t('gross')}</th>
                    <th scope="col">{t('refunds')}</th>
                    <th scope="col">{t('net')}</th>
                    <th scope="col">{t('orders')}</th>
                    <th scope="col">{t('tickets')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.series.map((point, index) => (
                    <tr key={point.start}>
                      <th scope="row" className={ui.nowrap}>
                        {chartLabels[index]}
                      </th>
                      <td className={ui.nowrap}>{money(point.grossMinor)}</td>
                      <td className={ui.nowrap}>{money(point.refundsMinor)}</td>
                      <td className={ui.nowrap}>{money(point.netMinor)}</td>
                      <td>{point.orders}</td>
                      <td>{point.ticketsSold}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </section>

      {report.topItems.length > 0 && (
        <section className={ui.panel} aria-labelledby="report-items">
          <h2 id="report-items" className={ui.panelTitle}>
            {t('bestSellers')}
          </h2>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('item')}</th>
                  <th scope="col">{t('kind')}</th>
                  <th scope="col">{t('quantity')}</th>
                  <th scope="col">{t('refunded')}</th>
                  <th scope="col">{t('gross')}</th>
                </tr>
              </thead>
              <tbody>
                {report.topItems.map((item) => (
                  <tr key={`${item.kind}-${item.label}-${item.detail ?? ''}`}>
                    <th scope="row" dir="auto">
                      {item.label}
                      {item.detail && <span className={styles.detail}>{item.detail}</span>}
                    </th>
                    <td>{t(`kinds.${item.kind}`)}</td>
                    <td>{item.quantity}</td>
                    <td>{item.refundedQuantity}</td>
                    <td className={ui.nowrap}>{money(item.grossMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {totals.orders > 0 && (
        <div className={styles.pair}>
          <BreakdownTable
            title={t('channels')}
            rows={report.channels.map((row) => ({
              key: row.kind,
              name: t(`channel.${row.kind}`),
              orders: row.orders,
              gross: money(row.grossMinor),
            }))}
          />
          <BreakdownTable
            title={t('methods')}
            rows={report.paymentMethods.map((row) => ({
              key: row.method ?? 'free',
              name: row.method === null ? t('method.free') : t(`method.${row.method}`, { defaultValue: row.method }),
              orders: row.orders,
              gross: money(row.grossMinor),
            }))}
          />
        </div>
      )}
    </>
  );
}

function BreakdownTable({ title, rows }: { title: string; rows: { key: string; name: string; orders: number; gross: string }[] }) {
  const { t } = useTranslation('workspace-reports');
  return (
    <section className={ui.panel}>
      <h2 className={ui.panelTitle}>{title}</h2>
      <table className={ui.table}>
        <thead>
          <tr>
            <th scope="col">{title}</th>
            <th scope="col">{t('orders')}</th>
            <th scope="col">{t('gross')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{row.orders}</td>
              <td className={ui.nowrap}>{row.gross}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
