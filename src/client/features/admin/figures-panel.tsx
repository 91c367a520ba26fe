import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import { figuresQuery } from './api';
import styles from './admin.module.css';

const DAYS = 30;
const COLUMNS = ['members', 'firms', 'orders', 'reports'] as const;

/** New members, firms, orders and reports per day over the last 30 days, newest first; each count drawn as a bar against the period's highest. */
export function FiguresPanel() {
  const { t } = useTranslation('admin');
  const figures = useQuery(figuresQuery(DAYS));
  const days = [...(figures.data?.days ?? [])].reverse();
  const highest = Object.fromEntries(COLUMNS.map((column) => [column, Math.max(1, ...days.map((day) => day[column]))]));
  return (
    <Panel title={t('figures.title', { days: DAYS })}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('figures.day')}</th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {t(`figures.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                {COLUMNS.map((column) => (
                  <td key={column}>
                    <span className={styles.figure}>
                      {day[column]}
                      <span className={styles.bar} style={{ inlineSize: `${(day[column] / highest[column]) * 100}%` }} aria-hidden="true" />
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
