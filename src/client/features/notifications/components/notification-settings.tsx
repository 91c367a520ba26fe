import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BellOff, BellRing } from 'lucide-react';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationSettings,
} from '../../../../shared/notifications';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Panel } from '../../../components/layout/sub-page';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { disablePush, enablePush, pushState, type PushState } from '../../../lib/web-push';
import { notificationSettingsQuery, useUpdateNotificationSettings } from '../api/notification-settings';
import fields from '../../../components/ui/fields.module.css';
import styles from './notifications.module.css';

type KindSetting = NotificationSettings['kinds'][number];

/** Per kind: in the app, by email, by push; and push on this device. */
export function NotificationSettingsPanel() {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const settings = useQuery({ ...notificationSettingsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const update = useUpdateNotificationSettings(user?.id ?? '');

  if (!settings.data) return <PageSpinner />;
  const byKind = new Map(settings.data.kinds.map((k) => [k.kind, k]));

  const toggle = (setting: KindSetting, channel: NotificationChannel, on: boolean) => {
    update.mutate({ kinds: [{ ...setting, [channel]: on }] }, { onSuccess: () => toast.success(t('saved')) });
  };

  return (
    <>
      <PushPanel devices={settings.data.pushDevices} onChange={() => void settings.refetch()} />
      {NOTIFICATION_GROUPS.map((group) => {
        const kinds = settings.data.kinds.filter((k) => NOTIFICATION_KINDS[k.kind].group === group);
        if (kinds.length === 0) return null;
        return (
          <Panel key={group} title={t(`groups.${group}`)}>
            <table className={styles.settings}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t('kind')}</span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th key={channel} scope="col">
                      {t(`channels.${channel}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {kinds.map((setting) => {
                  const label = t(`kinds.${NOTIFICATION_KINDS[setting.kind].text}`);
                  const current = byKind.get(setting.kind) ?? setting;
                  return (
                    <tr key={setting.kind}>
                      <th scope="row">{label}</th>
                      {NOTIFICATION_CHANNELS.map((channel) => (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            className={fields.switch}
                            role="switch"
                            checked={current[channel]}
                            aria-label={t('switchLabel', { kind: label, channel: t(`channels.${channel}`) })}
                            onChange={(event) => toggle(current, channel, event.target.checked)}
                            disabled={update.isPending}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Panel>
        );
      })}
    </>
  );
}

function PushPanel({ devices, onChange }: { devices: number; onChange: () => void }) {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let alive = true;
    void pushState().then((value) => alive && setState(value));
    return () => {
      alive = false;
    };
  }, []);

  const run = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      if (next === 'denied') toast.warn(t('push.denied'));
      onChange();
    } catch {
      toast.error(t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('push.title')}>
      <p className={styles.pushText} data-testid="push-state" data-state={state}>
        {state === 'checking' ? t('push.checking') : t(`push.${state}`)}
      </p>
      {devices > 0 && <p className={styles.pushMeta}>{t('push.devices', { count: devices })}</p>}
      <div className={styles.pushActions}>
        {state === 'off' && (
          <Button variant="primary" onClick={() => void run(enablePush)} disabled={busy} data-testid="push-enable">
            <BellRing size={18} aria-hidden="true" />
            {t('push.enable')}
          </Button>
        )}
        {state === 'on' && (
          <Button onClick={() => void run(() => disablePush())} disabled={busy} data-testid="push-disable">
            <BellOff size={18} aria-hidden="true" />
            {t('push.disable')}
          </Button>
        )}
      </div>
    </Panel>
  );
}
