import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SLOT_STEPS, type BookingRules } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { SelectField, SwitchRow } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { bookingSetupQuery, useBookingWrites } from '../api/bookings';
import { toastBookingProblem } from './booking-problem';
import { ClosuresPanel } from './closures-panel';
import { ServicesPanel } from './services-panel';
import ui from '../ui/workspace-ui.module.css';
import styles from './bookings.module.css';

/** What can be booked: the tables with their seats, the services, the rules and the closures; changed by those who may edit the firm. */
export function BookingSetup({ firmId, timeZone, editable }: { firmId: string; timeZone: string; editable: boolean }) {
  const { t } = useTranslation('workspace-bookings');
  const setup = useQuery(bookingSetupQuery(firmId));
  if (setup.isPending) return <p className={ui.muted}>{t('loading')}</p>;
  if (setup.isError) return <p role="alert">{t('loadFailed')}</p>;
  return (
    <>
      <TablesPanel firmId={firmId} editable={editable} tables={setup.data.tables} />
      <ServicesPanel
        firmId={firmId}
        editable={editable}
        services={setup.data.services}
        team={setup.data.team}
        currency={setup.data.currency}
      />
      <RulesPanel key={JSON.stringify(setup.data.rules)} firmId={firmId} editable={editable} saved={setup.data.rules} />
      <ClosuresPanel firmId={firmId} timeZone={timeZone} editable={editable} />
    </>
  );
}

function TablesPanel({
  firmId,
  editable,
  tables,
}: {
  firmId: string;
  editable: boolean;
  tables: { id: string; name: string; seats: number }[];
}) {
  const { t } = useTranslation('workspace-bookings');
  const { addTable, removeTable } = useBookingWrites(firmId);
  const [name, setName] = useState('');
  const [seats, setSeats] = useState('2');
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    addTable.mutate({ name: name.trim(), seats: Number(seats) }, { onSuccess: () => setName(''), onError: toastBookingProblem(t) });
  };
  return (
    <section className={ui.panel} aria-labelledby="tables-title">
      <h2 id="tables-title" className={ui.panelTitle}>
        {t('tables.title')}
      </h2>
      <p className={ui.muted}>{tables.length === 0 ? t('tables.none') : t('tables.lead')}</p>
      <ul className={styles.tables} data-testid="booking-tables">
        {tables.map((table) => (
          <li key={table.id} className={styles.table}>
            <span>
              <bdi>{table.name}</bdi> · {t('tables.seats', { count: table.seats })}
            </span>
            {editable && (
              <Button
                size="small"
                variant="danger"
                disabled={removeTable.isPending}
                aria-label={t('tables.removeLabel', { name: table.name })}
                onClick={() => removeTable.mutate(table.id, { onError: toastBookingProblem(t) })}
              >
                {t('tables.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <form className={styles.form} onSubmit={add}>
          <TextField
            id="table-name"
            label={t('tables.name')}
            value={name}
            maxLength={40}
            required
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            id="table-seats"
            label={t('tables.seatsLabel')}
            type="number"
            min={1}
            max={50}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={addTable.isPending || !name.trim()}>
            {t('tables.add')}
          </Button>
        </form>
      )}
    </section>
  );
}

const NUMBERS = ['turnMinutes', 'aheadDays', 'noticeMinutes', 'largestParty', 'cancelHours'] as const;
/** may be 0: a booking bookable until its start, cancellable by its link until its start */
const FROM_ZERO = new Set<string>(['noticeMinutes', 'cancelHours']);
/** the reminder's usual choices, in hours before the start (a value saved otherwise is offered too) */
const REMINDER_HOURS = [2, 6, 12, 24, 48];

function RulesPanel({ firmId, editable, saved }: { firmId: string; editable: boolean; saved: BookingRules }) {
  const { t } = useTranslation('workspace-bookings');
  const { saveRules } = useBookingWrites(firmId);
  const [rules, setRules] = useState(saved);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    saveRules.mutate(rules, { onSuccess: () => toast.success(t('rules.saved')), onError: toastBookingProblem(t) });
  };
  return (
    <section className={ui.panel} aria-labelledby="rules-title">
      <h2 id="rules-title" className={ui.panelTitle}>
        {t('rules.title')}
      </h2>
      <form className={styles.form} onSubmit={save}>
        <SelectField
          id="rule-slotMinutes"
          label={t('rules.slotMinutes')}
          value={rules.slotMinutes}
          disabled={!editable}
          onChange={(e) => setRules({ ...rules, slotMinutes: Number(e.target.value) as BookingRules['slotMinutes'] })}
        >
          {SLOT_STEPS.map((step) => (
            <option key={step} value={step}>
              {t('rules.minutes', { count: step })}
            </option>
          ))}
        </SelectField>
        {NUMBERS.map((field) => (
          <TextField
            key={field}
            id={`rule-${field}`}
            label={t(`rules.${field}`)}
            type="number"
            min={FROM_ZERO.has(field) ? 0 : 1}
            value={rules[field]}
            disabled={!editable}
            onChange={(e) => setRules({ ...rules, [field]: Number(e.target.value) })}
          />
        ))}
        <SelectField
          id="rule-reminderHours"
          label={t('rules.reminderHours')}
          value={rules.reminderHours ?? ''}
          disabled={!editable}
          onChange={(e) => setRules({ ...rules, reminderHours: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t('rules.noReminder')}</option>
          {[...new Set([...REMINDER_HOURS, rules.reminderHours ?? REMINDER_HOURS[0]])]
            .sort((a, b) => a - b)
            .map((hours) => (
              <option key={hours} value={hours}>
                {t('rules.hoursBefore', { count: hours })}
              </option>
            ))}
        </SelectField>
        <SwitchRow
          id="rule-confirmManually"
          label={t('rules.confirmManually')}
          description={t('rules.confirmManuallyHint')}
          checked={rules.confirmManually}
          disabled={!editable}
          onChange={(confirmManually) => setRules({ ...rules, confirmManually })}
        />
        {editable && (
          <Button type="submit" variant="primary" disabled={saveRules.isPending}>
            {t('rules.save')}
          </Button>
        )}
      </form>
    </section>
  );
}
