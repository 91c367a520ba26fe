import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WAITLIST_OFFER_MINUTES } from '../../../../shared/waitlist';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { firmWaitlistQuery, useSetOfferMinutes, type WaitlistSubject } from '../api/waitlist';
import { useWorkspace } from '../shell/workspace-context';
import ui from './workspace-ui.module.css';

/**
 * An event's or a product's waitlists on its workspace page: per tier (or variant) how many people
 * wait (and for how many units) and how many hold an offer; editors set how long an offer holds them.
 */
export function WaitlistCard({ subject, editPermission }: { subject: WaitlistSubject; editPermission: 'content.edit' | 'catalogue.edit' }) {
  const { t } = useTranslation('workspace-content');
  const id = useId();
  const workspace = useWorkspace();
  const waitlist = useQuery(firmWaitlistQuery(workspace.firmId, subject));
  if (!waitlist.data) return null;
  const { offerMinutes } = waitlist.data;
  // the event's texts speak of tiers and tickets, the product's of sizes and units
  const texts = subject.kind === 'event' ? 'waitlist' : 'waitlist.product';

  return (
    <section className={ui.panel} aria-labelledby={`${id}-title`} data-testid="waitlists">
      <h2 id={`${id}-title`} className={ui.panelTitle}>
        {t('waitlist.title')}
      </h2>
      <p className={ui.muted}>{t(`${texts}.lead`)}</p>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">{t(`${texts}.line`)}</th>
              <th scope="col">{t('waitlist.waiting')}</th>
              <th scope="col">{t(`${texts}.wanted`)}</th>
              <th scope="col">{t('waitlist.offered')}</th>
            </tr>
          </thead>
          <tbody>
            {waitlist.data.lines.map((line) => (
              <tr key={line.lineId} data-testid="waitlist-line">
                <th scope="row" dir="auto">
                  {line.name}
                </th>
                <td>{line.waiting}</td>
                <td>{line.waitingUnits}</td>
                <td>{line.offered}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {workspace.can(editPermission) ? (
        // keyed by the saved time: a save (here or elsewhere) starts the field again from it
        <OfferTimeForm key={offerMinutes} subject={subject} saved={offerMinutes} label={t(`${texts}.offerMinutes`)} />
      ) : (
        <p className={ui.muted}>{t(`${texts}.offerTime`, { count: offerMinutes })}</p>
      )}
    </section>
  );
}

/** How long an offer holds its units, for those who edit the event or the product. */
function OfferTimeForm({ subject, saved, label }: { subject: WaitlistSubject; saved: number; label: string }) {
  const { t } = useTranslation('workspace-content');
  const id = useId();
  const workspace = useWorkspace();
  const setMinutes = useSetOfferMinutes(workspace.firmId, subject);
  const [minutes, setMinutesText] = useState(String(saved));
  const value = Number(minutes);
  const valid = Number.isInteger(value) && value >= WAITLIST_OFFER_MINUTES.min && value <= WAITLIST_OFFER_MINUTES.max;
  return (
    <form
      className={ui.row}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        setMinutes.mutate(value, { onSuccess: () => toast.success(t('waitlist.saved')) });
      }}
    >
      <TextField
        id={`${id}-minutes`}
        label={label}
        hint={t('waitlist.offerMinutesHint', { min: WAITLIST_OFFER_MINUTES.min, max: WAITLIST_OFFER_MINUTES.max })}
        type="number"
        inputMode="numeric"
        min={WAITLIST_OFFER_MINUTES.min}
        max={WAITLIST_OFFER_MINUTES.max}
        value={minutes}
        onChange={(e) => setMinutesText(e.target.value)}
      />
      <Button type="submit" disabled={!valid || value === saved || setMinutes.isPending}>
        {t('waitlist.saveOfferMinutes')}
      </Button>
    </form>
  );
}
