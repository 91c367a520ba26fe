import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFormatters } from '../../../lib/use-dates';
import { tillShiftReportQuery } from '../api/till-shifts';
import styles from './till.module.css';

/** A closed shift's report: the cash the drawer should hold against the cash counted, then each person's figures. */
export function TillShiftReportView({
  firmId,
  shiftId,
  timezone,
  onDone,
}: {
  firmId: string;
  shiftId: string;
  timezone: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const report = useQuery(tillShiftReportQuery(firmId, shiftId));
  const data = report.data;
  if (!data) {
    return report.isError ? (
      <p role="alert" className={styles.banner}>
        {t('report.loadFailed')}
      </p>
    ) : null;
  }
  const money = (minor: number) => format.money(minor, data.currency);
  const difference = data.differenceMinor ?? 0;
  const rows: [string, string][] = [
    [t('report.float'), money(data.shift.floatMinor)],
    [t('report.cashSales', { count: data.sales }), money(data.cashSalesMinor)],
    // the labels say which figures come off: a sign beside an isolated amount would land on the wrong side in Arabic
    [t('report.cashRefunds'), money(data.cashRefundsMinor)],
    [t('report.payIns'), money(data.payInsMinor)],
    [t('report.payOuts'), money(data.payOutsMinor)],
  ];

  return (
    <section className={styles.report} aria-labelledby="till-report-title" data-testid="till-shift-report">
      <h2 id="till-report-title" className={styles.panelTitle}>
        {t('report.title')}
      </h2>
      <p className={styles.muted}>
        {t('report.when', {
          from: format.dateTime(data.shift.openedAt, timezone),
          to: data.shift.closedAt ? format.dateTime(data.shift.closedAt, timezone) : '',
          name: data.closedBy ?? '',
        })}
      </p>
      <dl className={styles.figures}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.figureRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={`${styles.figureRow} ${styles.figureTotal}`}>
          <dt>{t('report.expected')}</dt>
          <dd data-testid="till-report-expected">{money(data.expectedMinor)}</dd>
        </div>
        <div className={`${styles.figureRow} ${styles.figureTotal}`}>
          <dt>{t('report.counted')}</dt>
          <dd data-testid="till-report-counted">{data.countedMinor === null ? '—' : money(data.countedMinor)}</dd>
        </div>
        <div className={styles.figureRow}>
          <dt>{difference < 0 ? t('report.short') : difference > 0 ? t('report.over') : t('report.even')}</dt>
          <dd data-testid="till-report-difference" className={difference < 0 ? styles.error : undefined}>
            {money(Math.abs(difference))}
          </dd>
        </div>
        {/* taken by the payment provider: beside the drawer's figures, never in them */}
        <div className={styles.figureRow}>
          <dt>{t('report.cardSales')}</dt>
          <dd data-testid="till-report-card">{money(data.cardSalesMinor)}</dd>
        </div>
      </dl>
      {data.shift.moves.length > 0 && (
        <>
          <h3 className={styles.legend}>{t('report.moves')}</h3>
          <ul className={styles.moves}>
            {data.shift.moves.map((move, index) => (
              <li key={index}>
                {move.kind === 'in' ? t('shift.payIn') : t('shift.payOut')} · {money(move.amountMinor)} · <bdi>{move.reason}</bdi> ·{' '}
                <bdi>{move.by}</bdi>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.staff.length === 0 && <p className={styles.muted}>{t('report.noSales')}</p>}
      <div className={styles.reportTable} hidden={data.staff.length === 0}>
        <table>
          <caption>{t('report.byStaff')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.person')}</th>
              <th scope="col">{t('report.sales')}</th>
              <th scope="col">{t('report.card')}</th>
              <th scope="col">{t('report.discounts')}</th>
              <th scope="col">{t('report.refunds')}</th>
            </tr>
          </thead>
          <tbody>
            {data.staff.map((person) => (
              <tr key={person.userId}>
                <th scope="row">
                  <bdi>{person.name}</bdi>
                </th>
                <td>
                  {money(person.salesMinor)} ({person.sales})
                </td>
                <td>{money(person.cardMinor)}</td>
                <td>{money(person.discountsMinor)}</td>
                <td>{money(person.refundsMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.ticketActions}>
        <Button variant="primary" onClick={onDone}>
          {t('shift.done')}
        </Button>
      </div>
    </section>
  );
}
