import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/layout/sub-page';
import { figuresQuery } from './api';
import styles from './admin.module.css';

const DAYS = 14;

/** New members, firms, orders and reports per day, newest first. */
export function FiguresPanel() {
  const { t } = useTranslation('admin');
  const figures = useQuery(figuresQuery(DAYS));
  const days = [...(figures.data?.days ?? [])].reverse();
  return (
    <Panel title={t('figures.title', { days: DAYS })}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('figures.day')}</th>
              <th scope="col">{t('figures.members')}</th>
              <th scope="col">{t('figures.firms')}</th>
              <th scope="col">{t('figures.orders')}</th>
              <th scope="col">{t('figures.reports')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.members}</td>
                <td>{day.firms}</td>
                <td>{day.orders}</td>
                <td>{day.reports}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
