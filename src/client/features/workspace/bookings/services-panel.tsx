import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingServiceInputSchema, type BookingService, type BookingServiceInput, type StaffMember } from '../../../../shared/bookings';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFormatters } from '../../../lib/use-dates';
import { toast } from '../../../lib/toast-store';
import { useBookingWrites } from '../api/bookings';
import { PriceField } from '../catalogue-editor/editor-parts';
import { minorToText, textToMinor } from '../ui/money';
import { toastBookingProblem } from './booking-problem';
import ui from '../ui/workspace-ui.module.css';
import styles from './bookings.module.css';

interface Draft {
  name: string;
  durationMinutes: string;
  /** as typed; empty: free */
  price: string;
  /** as typed; empty: the whole price is paid when booking */
  deposit: string;
  bufferBefore: string;
  bufferAfter: string;
  staffIds: string[];
}

const EMPTY: Draft = { name: '', durationMinutes: '30', price: '', deposit: '', bufferBefore: '0', bufferAfter: '0', staffIds: [] };

const draftOf = (service: BookingService, currency: string): Draft => ({
  name: service.name,
  durationMinutes: String(service.durationMinutes),
  price: service.priceMinor === null ? '' : minorToText(service.priceMinor, currency),
  deposit: service.depositMinor === null ? '' : minorToText(service.depositMinor, currency),
  bufferBefore: String(service.bufferBefore),
  bufferAfter: String(service.bufferAfter),
  staffIds: service.staff.map((member) => member.id),
});

const MINUTE_FIELDS = ['durationMinutes', 'bufferBefore', 'bufferAfter'] as const;

/**
 * The services booked with a staff member: their length, price (none: free) and the deposit paid
 * when booking (none: the whole price), the time kept free
 * before and after, and who of the team gives each. The form adds one, or changes the one opened.
 */
export function ServicesPanel(props: {
  firmId: string;
  editable: boolean;
  services: BookingService[];
  team: StaffMember[];
  currency: string;
}) {
  const { t } = useTranslation('workspace-bookings');
  const format = useFormatters();
  const { addService, updateService, removeService } = useBookingWrites(props.firmId);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string>();
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
    setError(undefined);
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = bookingServiceInputSchema.safeParse({
      name: draft.name.trim(),
      durationMinutes: Number(draft.durationMinutes),
      priceMinor: textToMinor(draft.price, props.currency),
      depositMinor: textToMinor(draft.deposit, props.currency),
      bufferBefore: Number(draft.bufferBefore),
      bufferAfter: Number(draft.bufferAfter),
      staffIds: draft.staffIds,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(t(`services.invalid.${String(issue.path[0])}`));
      return;
    }
    const done = { onSuccess: () => (toast.success(t('services.saved')), reset()), onError: toastBookingProblem(t) };
    if (editing) updateService.mutate({ id: editing, input: parsed.data }, done);
    else addService.mutate(parsed.data satisfies BookingServiceInput, done);
  };

  return (
    <section className={ui.panel} aria-labelledby="services-title">
      <h2 id="services-title" className={ui.panelTitle}>
        {t('services.title')}
      </h2>
      <p className={ui.muted}>{props.services.length === 0 ? t('services.none') : t('services.lead')}</p>
      <ul className={styles.tables} data-testid="booking-services">
        {props.services.map((service) => (
          <li key={service.id} className={styles.table}>
            <span>
              <bdi>{service.name}</bdi> · {t('services.minutes', { count: service.durationMinutes })} ·{' '}
              {service.priceMinor === null ? t('services.free') : format.money(service.priceMinor, props.currency)}
              {service.depositMinor !== null &&
                ` · ${t('services.depositOf', { amount: format.money(service.depositMinor, props.currency) })}`}
              <br />
              <span className={ui.muted}>
                {t('services.givenBy', { names: service.staff.map((member) => member.name).join(', ') || '—' })}
                {(service.bufferBefore > 0 || service.bufferAfter > 0) &&
                  ` · ${t('services.buffers', { before: service.bufferBefore, after: service.bufferAfter })}`}
              </span>
            </span>
            {props.editable && (
              <span className={styles.actions}>
                <Button
                  size="small"
                  aria-label={t('services.editLabel', { name: service.name })}
                  onClick={() => {
                    setEditing(service.id);
                    setDraft(draftOf(service, props.currency));
                    setError(undefined);
                  }}
                >
                  {t('services.edit')}
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  disabled={removeService.isPending}
                  aria-label={t('services.removeLabel', { name: service.name })}
                  onClick={() => removeService.mutate(service.id, { onError: toastBookingProblem(t) })}
                >
                  {t('services.remove')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {props.editable && (
        <form className={styles.form} onSubmit={save} aria-label={editing ? t('services.editTitle') : t('services.add')} noValidate>
          <TextField
            id="service-name"
            label={t('services.name')}
            value={draft.name}
            maxLength={60}
            onChange={(e) => set({ name: e.target.value })}
          />
          {MINUTE_FIELDS.map((field) => (
            <TextField
              key={field}
              id={`service-${field}`}
              label={t(`services.${field}`)}
              type="number"
              min={field === 'durationMinutes' ? 5 : 0}
              step={5}
              value={draft[field]}
              onChange={(e) => set({ [field]: e.target.value })}
            />
          ))}
          <PriceField id="service-price" label={t('services.price')} value={draft.price} onChange={(price) => set({ price })} />
          <PriceField id="service-deposit" label={t('services.deposit')} value={draft.deposit} onChange={(deposit) => set({ deposit })} />
          <fieldset className={styles.staffChoice}>
            <legend>{t('services.staff')}</legend>
            {props.team.map((member) => (
              <label key={member.id}>
                <input
                  type="checkbox"
                  checked={draft.staffIds.includes(member.id)}
                  onChange={(e) =>
                    set({ staffIds: e.target.checked ? [...draft.staffIds, member.id] : draft.staffIds.filter((id) => id !== member.id) })
                  }
                />{' '}
                <bdi>{member.name}</bdi>
              </label>
            ))}
          </fieldset>
          {error && (
            <p role="alert" className={styles.formError}>
              {error}
            </p>
          )}
          <span className={styles.formActions}>
            <Button type="submit" variant="primary" disabled={addService.isPending || updateService.isPending}>
              {editing ? t('services.save') : t('services.add')}
            </Button>
            {editing && <Button onClick={reset}>{t('services.cancelEdit')}</Button>}
          </span>
        </form>
      )}
    </section>
  );
}
