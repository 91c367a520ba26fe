import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, AlertTriangle } from 'lucide-react';
import type { CheckinScan, TierCount } from '../../../../shared/checkin';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast-store';
import { useFormatters, viewerTimeZone } from '../../../lib/use-dates';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import type { Admission, DoorTicket } from './door-decision';
import type { QueuedScan } from './door-store';
import type { ShownVerdict } from './use-door';
import styles from './checkin.module.css';

/** The answer to the last scan: big, in colour, with words (never colour alone). */
export function VerdictPanel({ shown }: { shown: ShownVerdict | null }) {
  const { t } = useTranslation('workspace');
  const format = useFormatters();
  if (!shown) return <p className={`${styles.verdict} ${styles.waiting}`}>{t('checkin.ready')}</p>;
  const { verdict } = shown;
  const admitted = verdict.kind === 'admitted';
  const Icon = admitted ? CircleCheck : verdict.kind === 'already_used' ? AlertTriangle : CircleX;
  return (
    <div
      className={`${styles.verdict} ${admitted ? styles.admitted : styles.refused}`}
      role="status"
      aria-live="assertive"
      data-testid="verdict"
      data-kind={verdict.kind}
    >
      <Icon size={48} aria-hidden="true" />
      <div>
        <p className={styles.verdictTitle}>{t(`checkin.verdict.${verdict.kind}`)}</p>
        {'ticket' in verdict && (
          <p className={styles.verdictHolder} dir="auto">
            {verdict.ticket.holder} · {verdict.ticket.tier}
          </p>
        )}
        {verdict.kind === 'already_used' && (
          <p>{t('checkin.usedAt', { time: format.time(verdict.first.scannedAt, viewerTimeZone()), device: verdict.first.deviceName })}</p>
        )}
      </div>
    </div>
  );
}

// the panels below are memoised: a scan's answer re-renders the verdict alone, at once
export const CountsPanel = memo(function CountsPanel({ counts }: { counts: TierCount[] }) {
  const { t } = useTranslation('workspace');
  const total = counts.reduce((sum, tier) => ({ admitted: sum.admitted + tier.admitted, total: sum.total + tier.total }), {
    admitted: 0,
    total: 0,
  });
  return (
    <section className={ui.panel} aria-labelledby="door-counts">
      <h2 id="door-counts" className={ui.panelTitle}>
        {t('checkin.counts')}
      </h2>
      <table className={ui.table} data-testid="door-counts">
        <tbody>
          {counts.map((tier) => (
            <tr key={tier.id}>
              <th scope="row" dir="auto">
                {tier.name}
              </th>
              <td className={styles.count}>
                <bdi dir="ltr">{t('checkin.ofTotal', { admitted: tier.admitted, total: tier.total })}</bdi>
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('checkin.allTiers')}</th>
            <td className={styles.count}>
              <bdi dir="ltr">{t('checkin.ofTotal', total)}</bdi>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
});

/** Finds a ticket by its holder's name or the start of its id, or takes a typed code. */
export const ManualSearch = memo(function ManualSearch({
  tickets,
  standing,
  onAdmit,
  onCode,
}: {
  tickets: Map<string, DoorTicket>;
  standing: Map<string, Admission>;
  onAdmit: (ticketId: string) => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('workspace');
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  // thousands of tickets: looked through when the text or the list changes, not at every scan's render
  const found = useMemo(
    () =>
      needle.length < 2 || needle.includes('.')
        ? []
        : [...tickets.values()]
            .filter((ticket) => ticket.holder.toLowerCase().includes(needle) || ticket.id.toLowerCase().startsWith(needle))
            .slice(0, 8),
    [tickets, needle],
  );
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(submit) => {
        submit.preventDefault();
        if (needle.includes('.')) onCode(text.trim());
        setText('');
      }}
    >
      <label>
        {t('checkin.search')}
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('checkin.searchHint')} />
      </label>
      <ul className={styles.found}>
        {found.map((ticket) => (
          <li key={ticket.id}>
            <span dir="auto">
              {ticket.holder} · {ticket.tier} · <code>{ticket.id.slice(0, 8)}</code>
            </span>
            <Button type="button" variant="secondary" onClick={() => onAdmit(ticket.id)}>
              {standing.has(ticket.id) ? t('checkin.check') : t('checkin.admit')}
            </Button>
          </li>
        ))}
      </ul>
    </form>
  );
});

const LOG_ROWS = 50;

/** The scans known to this device, latest first: the server's (with conflicts flagged) and those waiting to upload. */
export const DoorLog = memo(function DoorLog({
  scans,
  queue,
  tickets,
  mayUndo,
  online,
  onChange,
}: {
  scans: CheckinScan[];
  queue: QueuedScan[];
  tickets: Map<string, DoorTicket>;
  mayUndo: boolean;
  online: boolean;
  onChange: () => Promise<unknown>;
}) {
  const { t } = useTranslation('workspace');
  const format = useFormatters();
  const zone = viewerTimeZone();
  const conflicts = scans.filter((scan) => scan.result === 'conflict');
  // a busy door logs thousands of scans: the table keeps the latest, so a scan never re-renders them all
  const latest = useMemo(
    () => [...scans].sort((a, b) => b.seq - a.seq || b.scannedAt.localeCompare(a.scannedAt)).slice(0, LOG_ROWS),
    [scans],
  );
  const undo = async (scanId: string) => {
    try {
      await apiRequest(`/api/dashboard/checkin/scans/${encodeURIComponent(scanId)}/undo`, { method: 'POST' });
      await onChange();
    } catch (error) {
      toast.error(contentProblem(t, error));
    }
  };
  const holder = (ticketId: string | null) => (ticketId ? (tickets.get(ticketId)?.holder ?? '') : '');
  return (
    <section className={ui.panel} aria-labelledby="door-log">
      <h2 id="door-log" className={ui.panelTitle}>
        {t('checkin.log')}
      </h2>
      {conflicts.length > 0 && (
        <p className={ui.notice} role="alert" data-testid="door-conflicts">
          {t('checkin.conflicts', { count: conflicts.length })}
        </p>
      )}
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="door-log">
          <thead>
            <tr>
              <th>{t('checkin.time')}</th>
              <th>{t('checkin.holder')}</th>
              <th>{t('checkin.device')}</th>
              <th>{t('checkin.staff')}</th>
              <th>{t('checkin.outcome')}</th>
              {mayUndo && <th aria-label={t('checkin.undo')} />}
            </tr>
          </thead>
          <tbody>
            {queue.map((queued) => (
              <tr key={`q${queued.seq}`}>
                <td>{format.time(queued.scan.scannedAt, zone)}</td>
                <td dir="auto">{holder(queued.ticketId)}</td>
                <td dir="auto">{queued.deviceName}</td>
                <td />
                <td>{t('checkin.waiting')}</td>
                {mayUndo && <td />}
              </tr>
            ))}
            {latest.map((scan) => (
              <tr key={scan.id} className={scan.result === 'conflict' ? styles.conflictRow : undefined}>
                <td>{format.time(scan.scannedAt, zone)}</td>
                <td dir="auto">{holder(scan.ticketId)}</td>
                <td dir="auto">{scan.deviceName}</td>
                <td dir="auto">{scan.staffName}</td>
                <td>
                  {scan.result === 'refused' && scan.reason ? t(`checkin.verdict.${scan.reason}`) : t(`checkin.result.${scan.result}`)}
                </td>
                {mayUndo && (
                  <td>
                    {scan.result === 'admitted' && (
                      <Button type="button" variant="ghost" disabled={!online} onClick={() => void undo(scan.id)}>
                        {t('checkin.undo')}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {scans.length > LOG_ROWS && <p className={ui.muted}>{t('checkin.logLatest', { shown: LOG_ROWS, total: scans.length })}</p>}
      </div>
    </section>
  );
});
