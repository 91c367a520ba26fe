import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Maximize2, Settings2, Volume2, VolumeX } from 'lucide-react';
import type { KitchenStation, KitchenTicket } from '../../../../shared/kitchen';
import { Button } from '../../../components/ui/button';
import { PillTabs } from '../../../components/ui/pill-tabs';
import { useLiveEvent, useLivePollInterval } from '../../../lib/live-events';
import { usePageTitle } from '../../../lib/page-head';
import { queryKeys } from '../../../lib/query-keys';
import { kitchenBoardQuery, useMoveTicket } from '../api/kitchen';
import { useWorkspace } from '../shell/workspace-context';
import { DishesPanel } from './dishes-panel';
import { KitchenSetupDialog } from './kitchen-setup-dialog';
import { TicketCard } from './ticket-card';
import { useNewTicketChime } from './use-new-ticket-chime';
import styles from './kitchen.module.css';

/** While the live stream is down the board asks this often. */
const POLL_MS = 5_000;
/** The timers move on this often (they show whole minutes). */
const TICK_MS = 15_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * `workspace/kitchen`: the kitchen display, made for a tablet on the pass. Tickets of one station
 * (or all) in the order they came, oldest first; each bump moves one a step (start, ready,
 * served), a recall takes a ready or served one back. The board follows the live stream (every
 * change of the firm's tickets) and polls while the stream is down. A chime (when the sound is on)
 * calls the cooks to a ticket that was not on the board before, and the dishes panel takes a dish
 * off the guests' menu.
 */
export function KitchenPage() {
  const { t } = useTranslation('workspace-kitchen');
  const { firmId, can } = useWorkspace();
  const queryClient = useQueryClient();
  const [station, setStation] = useState<KitchenStation | 'all'>('all');
  const [setupOpen, setSetupOpen] = useState(false);
  const boardRef = useRef<HTMLDivElement>(null);
  const now = useNow(TICK_MS);
  const board = useQuery({ ...kitchenBoardQuery(firmId, station), refetchInterval: useLivePollInterval(POLL_MS) });
  const move = useMoveTicket(firmId);
  const { soundOn, toggleSound } = useNewTicketChime(board.data, station);
  usePageTitle(t('title'));

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenAll(firmId) }), [queryClient, firmId]);
  useLiveEvent('kitchen', refresh);

  const { mutate } = move;
  const onMove = useCallback((ticket: KitchenTicket, direction: 'advance' | 'recall') => mutate({ ticket, direction }), [mutate]);
  const stations = board.data?.stations ?? [];
  const mayChangeSetup = can('catalogue.edit') || can('firm.settings');

  return (
    <div className={styles.board} ref={boardRef}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('title')}</h1>
          {board.data && <p className={styles.lead}>{t('timers', board.data.timers)}</p>}
        </div>
        <div className={styles.headActions}>
          <Button size="small" aria-pressed={soundOn} onClick={toggleSound}>
            {soundOn ? <Volume2 size={16} aria-hidden="true" /> : <VolumeX size={16} aria-hidden="true" />} {t('sound')}
          </Button>
          {mayChangeSetup && (
            <Button size="small" onClick={() => setSetupOpen(true)}>
              <Settings2 size={16} aria-hidden="true" /> {t('setup.open')}
            </Button>
          )}
          {typeof document !== 'undefined' && document.fullscreenEnabled && (
            <Button size="small" onClick={() => void boardRef.current?.requestFullscreen()}>
              <Maximize2 size={16} aria-hidden="true" /> {t('fullScreen')}
            </Button>
          )}
        </div>
      </header>
      {stations.length > 1 && (
        <PillTabs
          label={t('stationFilter')}
          idPrefix="kitchen-station"
          selected={station}
          onSelect={setStation}
          tabs={[{ key: 'all' as const, label: t('station.all') }, ...stations.map((key) => ({ key, label: t(`station.${key}`) }))]}
        />
      )}
      {board.isError && !board.data && (
        <p className={styles.empty} role="alert">
          {t('loadFailed')}
        </p>
      )}
      {board.data && (
        <div className={styles.layout}>
          <section className={styles.tickets} aria-label={t('open')} data-testid="kitchen-tickets">
            {board.data.tickets.length === 0 && <p className={styles.empty}>{t('empty')}</p>}
            {board.data.tickets.map((ticket) => (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                minutes={Math.max(0, Math.floor((now - Date.parse(ticket.placedAt)) / 60_000))}
                timers={board.data.timers}
                showStation={station === 'all' && stations.length > 1}
                busy={move.isPending && move.variables?.ticket.id === ticket.id}
                onMove={onMove}
              />
            ))}
          </section>
          <aside className={styles.side}>
            <DishesPanel firmId={firmId} />
            <section aria-labelledby="kitchen-all-day" className={styles.panel}>
              <h2 id="kitchen-all-day" className={styles.panelTitle}>
                {t('allDay')}
              </h2>
              {board.data.allDay.length === 0 ? (
                <p className={styles.muted}>{t('allDayEmpty')}</p>
              ) : (
                <ul className={styles.allDay} data-testid="kitchen-all-day">
                  {board.data.allDay.map((dish) => (
                    <li key={dish.label}>
                      <bdi>{dish.label}</bdi>
                      <span className={styles.count}>{dish.quantity}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {board.data.served.length > 0 && (
              <section aria-labelledby="kitchen-served" className={styles.panel}>
                <h2 id="kitchen-served" className={styles.panelTitle}>
                  {t('served')}
                </h2>
                <ul className={styles.servedList}>
                  {board.data.served.map((ticket) => (
                    <li key={ticket.id}>
                      <bdi dir="ltr">{ticket.reference}</bdi>
                      <Button
                        size="small"
                        aria-label={t('action.recallServed', { reference: ticket.reference })}
                        disabled={move.isPending && move.variables?.ticket.id === ticket.id}
                        onClick={() => onMove(ticket, 'recall')}
                      >
                        {t('action.recall')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </aside>
        </div>
      )}
      {setupOpen && <KitchenSetupDialog onClose={() => setSetupOpen(false)} />}
    </div>
  );
}
