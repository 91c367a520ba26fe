import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { usePageTitle } from '../../../lib/page-head';
import { PERFORMANCE_METRICS, type Performance, type PerformanceMetric } from '../../../../shared/performance';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { useBucketLabel } from '../reports/bucket-label';
import reports from '../reports/reports.module.css';
import { performanceQuery } from './performance-api';
import styles from './performance.module.css';

// the chart library loads with the first chart, after the figures are on screen (the reports page's chart)
const SalesChart = lazy(() => import('../reports/sales-chart').then((module) => ({ default: module.SalesChart })));

/** A figure as shown: a count, or the conversion as a percentage with one decimal. */
function useFigure() {
  const { t } = useTranslation('workspace-performance');
  return (metric: PerformanceMetric, value: number | null) =>
    metric !== 'conversion' ? String(value ?? 0) : value === null ? '–' : t('percent', { value: (value * 100).toFixed(1) });
}

/** ▲ or ▼ and the change in percent, with words for screen readers; nothing to compare with reads "–". */
function Change({ value, against }: { value: number | null; against: 'week' | 'period' }) {
  const { t } = useTranslation('workspace-performance');
  if (value === null) {
    return (
      <span className={`${styles.change} ${styles.same}`}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t(`change.none.${against}`)}</span>
      </span>
    );
  }
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'same';
  const percent = t('percent', { value: Math.abs(value) });
  return (
    <span className={`${styles.change} ${styles[direction]}`} data-change={value}>
      <span aria-hidden="true">{t(`change.mark.${direction}`, { percent })}</span>
      <span className="visually-hidden">{t(`change.${direction}.${against}`, { percent })}</span>
    </span>
  );
}

/** `workspace/performance`: views, QR scans, follows, saves and purchases of the firm's last weeks. */
export function PerformancePage() {
  const { t, i18n } = useTranslation(['workspace-performance', 'workspace']);
  usePageTitle(t('title'));
  const { firmId } = useWorkspace();
  const performance = useQuery(performanceQuery(firmId));
  const calendarDay = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }), [i18n.language]);
  const dayText = (date: string) => calendarDay.format(new Date(`${date}T00:00:00Z`));

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('title')}>
        {performance.data && (
          <p className={ui.muted} data-testid="performance-range">
            {t('range', { from: dayText(performance.data.from), to: dayText(performance.data.to), zone: performance.data.timezone })}
          </p>
        )}
      </WorkspacePageHeader>
      <p className={ui.lead}>{t('how')}</p>
      {performance.error ? (
        <p className={ui.errorBox} role="alert">
          {contentProblem(t, performance.error)}
        </p>
      ) : performance.data ? (
        <PerformanceBody performance={performance.data} />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

function PerformanceBody({ performance }: { performance: Performance }) {
  const { t } = useTranslation('workspace-performance');
  const figure = useFigure();
  const label = useBucketLabel('week');
  const labels = useMemo(() => performance.weeks.map((week) => label(week.start)), [performance.weeks, label]);
  const views = useMemo(() => performance.weeks.map((week) => week.figures.views), [performance.weeks]);
  const { totals } = performance;
  return (
    <>
      <dl className={reports.figures} data-testid="performance-totals">
        {PERFORMANCE_METRICS.map((metric) => (
          <div key={metric} className={reports.figure} data-figure={metric}>
            <dt>{t(`metrics.${metric}`)}</dt>
            <dd>{figure(metric, totals.current[metric])}</dd>
            <dd>
              <Change value={totals.change[metric]} against="period" />
            </dd>
          </div>
        ))}
      </dl>

      <section className={ui.panel} aria-labelledby="performance-weeks">
        <h2 id="performance-weeks" className={ui.panelTitle}>
          {t('byWeek')}
        </h2>
        <div className={reports.chartAndTable}>
          {totals.current.views > 0 && (
            <Suspense fallback={<div className={reports.chartSpace} />}>
              <SalesChart labels={labels} values={views} format={String} />
            </Suspense>
          )}
          <div className={ui.tableWrap}>
            <table className={ui.table} data-testid="performance-weeks-table">
              <caption className="visually-hidden">{t('byWeek')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('week')}</th>
                  {PERFORMANCE_METRICS.map((metric) => (
                    <th key={metric} scope="col">
                      {t(`metrics.${metric}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {performance.weeks.map((week, index) => (
                  <tr key={week.start}>
                    <th scope="row" className={ui.nowrap}>
                      {labels[index]}
                    </th>
                    {PERFORMANCE_METRICS.map((metric) => (
                      <td key={metric} data-metric={metric}>
                        {figure(metric, week.figures[metric])}
                        <Change value={week.change[metric]} against="week" />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section className={ui.panel} aria-labelledby="performance-items">
        <h2 id="performance-items" className={ui.panelTitle}>
          {t('topItems')}
        </h2>
        {performance.topItems.length === 0 ? (
          <p className={ui.muted}>{t('noItemViews')}</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('item')}</th>
                  <th scope="col">{t('kind')}</th>
                  <th scope="col">{t('metrics.views')}</th>
                </tr>
              </thead>
              <tbody>
                {performance.topItems.map((item) => (
                  <tr key={`${item.kind}-${item.id}`}>
                    <th scope="row" dir="auto">
                      {item.name}
                    </th>
                    <td>{t(`kinds.${item.kind}`)}</td>
                    <td>{item.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
