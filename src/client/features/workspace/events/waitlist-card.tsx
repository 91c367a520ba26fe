import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WAITLIST_OFFER_MINUTES } from '../../../../shared/waitlist';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { firmWaitlistQuery, useSetOfferMinutes } from './waitlist-api';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';

/**
 * The event's waitlists on its workspace page: per tier how many people wait (and for how many
 * tickets) and how many hold an offer; editors set how long an offer holds its seats.
 */
export function WaitlistCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('workspace-content');
  const id = useId();
  const workspace = useWorkspace();
  const waitlist = useQuery(firmWaitlistQuery(workspace.firmId, eventId));
  if (!waitlist.data) return null;
  const { offerMinutes } = waitlist.data;

  return (
    <section className={ui.panel} aria-labelledby={`${id}-title`} data-testid="event-waitlists">
      <h2 id={`${id}-title`} className={ui.panelTitle}>
        {t('waitlist.title')}
      </h2>
      <p className={ui.muted}>{t('waitlist.lead')}</p>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">{t('waitlist.tier')}</th>
              <th scope="col">{t('waitlist.waiting')}</th>
              <th scope="col">{t('waitlist.tickets')}</th>
              <th scope="col">{t('waitlist.offered')}</th>
            </tr>
          </thead>
          <tbody>
            {waitlist.data.tiers.map((tier) => (
              <tr key={tier.categoryId} data-testid="waitlist-tier">
                <th scope="row" dir="auto">
                  {tier.name}
                </th>
                <td>{tier.waiting}</td>
                <td>{tier.waitingTickets}</td>
                <td>{tier.offered}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {workspace.can('content.edit') ? (
        // keyed by the saved time: a save (here or elsewhere) starts the field again from it
        <OfferTimeForm key={offerMinutes} eventId={eventId} saved={offerMinutes} />
      ) : (
        <p className={ui.muted}>{t('waitlist.offerTime', { count: offerMinutes })}</p>
      )}
    </section>
  );
}

/** How long an offer holds its seats, for those who edit the event. */
function OfferTimeForm({ eventId, saved }: { eventId: string; saved: number }) {
  const { t } = useTranslation('workspace-content');
  const id = useId();
  const workspace = useWorkspace();
  const setMinutes = useSetOfferMinutes(workspace.firmId, eventId);
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
        label={t('waitlist.offerMinutes')}
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
