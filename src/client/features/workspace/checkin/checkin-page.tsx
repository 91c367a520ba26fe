import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { ownerEventQuery } from '../events/events-api';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem } from '../ui/content-problem';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { CountsPanel, DoorLog, ManualSearch, VerdictPanel } from './door-panels';
import { signal } from './door-feedback';
import { QrCamera } from './qr-camera';
import { useDoor, type ShownVerdict } from './use-door';
import styles from './checkin.module.css';

function answer(shown: ShownVerdict | undefined) {
  if (shown) signal(shown.verdict.kind);
}

/** `workspace/events/{shortId}/check-in`: the door. Works offline once the list is on the device. */
export function CheckinPage({ shortId }: { shortId: string }) {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const event = useQuery({ ...ownerEventQuery(workspace.firmId, shortId), enabled: navigator.onLine });
  const door = useDoor(shortId, event.data?.id);
  const format = useFormatters();
  usePageTitle(t('checkin.title'));
  const [camera, setCamera] = useState(true);

  const { scan, admit } = door;
  const onCode = useCallback((code: string) => void scan(code).then(answer), [scan]);
  const onAdmit = useCallback((ticketId: string) => void admit(ticketId).then(answer), [admit]);

  const failed = door.problem ?? event.error;
  if (door.saved === undefined || (door.saved === null && door.online && !failed)) return <PageSpinner />;
  if (!door.saved) {
    return (
      <div className={ui.page}>
        <p className={ui.errorBox} role="alert">
          {door.online ? contentProblem(t, failed) : t('checkin.neverDownloaded')}
        </p>
      </div>
    );
  }
  const { list } = door.saved;
  return (
    <div className={ui.page}>
      <Link to="/workspace/events/$eventId" params={{ eventId: shortId }} className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> <bdi>{list.event.name}</bdi>
      </Link>
      <WorkspacePageHeader
        title={t('checkin.title')}
        actions={
          <Button type="button" variant="secondary" disabled={!door.online} onClick={() => void door.sync().then(() => door.download())}>
            <RefreshCw size={18} aria-hidden="true" />
            {t('checkin.refresh')}
          </Button>
        }
      >
        <p className={ui.row} data-testid="door-status">
          <span className={door.online ? styles.online : styles.offline}>
            {door.online ? <Wifi size={16} aria-hidden="true" /> : <WifiOff size={16} aria-hidden="true" />}
            {door.online ? t('checkin.online') : t('checkin.offline')}
          </span>
          <span className={ui.muted}>{t('checkin.fresh', { when: format.relative(door.saved.syncedAt) })}</span>
          {door.queue.length > 0 && <span className={ui.badge}>{t('checkin.queued', { count: door.queue.length })}</span>}
        </p>
      </WorkspacePageHeader>

      <VerdictPanel shown={door.shown} />

      <div className={styles.layout}>
        <section className={ui.panel} aria-labelledby="door-scan">
          <h2 id="door-scan" className={ui.panelTitle}>
            {t('checkin.scan')}
          </h2>
          <label className={styles.deviceName}>
            {t('checkin.device')}
            <input defaultValue={door.device.name} maxLength={40} onBlur={(e) => door.rename(e.target.value)} />
          </label>
          <Button type="button" variant="ghost" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
            {camera ? t('checkin.cameraOff') : t('checkin.cameraOn')}
          </Button>
          {camera && door.ready && <QrCamera onCode={onCode} />}
          <ManualSearch tickets={door.tickets} standing={door.standing} onAdmit={onAdmit} onCode={onCode} />
        </section>
        <CountsPanel counts={door.counts} />
      </div>
      <DoorLog
        scans={door.scans}
        queue={door.queue}
        tickets={door.tickets}
        mayUndo={workspace.can('checkin.undo')}
        online={door.online}
        onChange={door.sync}
      />
    </div>
  );
}
