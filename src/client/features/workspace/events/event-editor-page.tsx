import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ExternalLink, Plus, ScanLine, Users } from 'lucide-react';
import { EVENT_LIMITS, EVENT_STATUS, isEditable, type OwnerEvent } from '../../../../shared/owner-events';
import { CURRENCIES } from '../../../../shared/workspace';
import { pickName } from '../../../../shared/i18n';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import { ApiError } from '../../../lib/api-client';
import { useFormMessages } from '../../../lib/form-messages';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { coverProblem, CoverPicker } from '../firm-form/cover-picker';
import { useWorkspace } from '../shell/workspace-context';
import { contentProblem, fieldProblem } from '../ui/content-problem';
import { SelectField, TextAreaField } from '../ui/form-controls';
import { FollowersOnlyToggle } from '../ui/followers-only-toggle';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { eventTypesQuery, ownerEventQuery, uploadEventImage, useSaveEvent } from './events-api';
import { soldText } from './sold-text';
import { checkEvent, eventValues, newKey, valueAt, type EventValues } from './event-form-values';
import { EventStatusPanel } from './event-status-panel';
import { AddonRows, TierCards } from './ticket-editor';
import { StatusBadge } from './status-badge';
import { WaitlistCard } from '../ui/waitlist-card';
import contentUi from '../ui/content-editor.module.css';
import styles from './events.module.css';

/** `workspace/events/{shortId}`: the event editor. */
export function EventEditorPage({ shortId }: { shortId: string }) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  const workspace = useWorkspace();
  const event = useQuery(ownerEventQuery(workspace.firmId, shortId));
  usePageTitle(event.data?.name || t('events.title'));
  return (
    <div className={ui.page}>
      <Link to="/workspace/events" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('events.title')}
      </Link>
      {event.isPending ? (
        <PageSpinner />
      ) : event.isError ? (
        <p className={ui.errorBox} role="alert">
          {contentProblem(t, event.error)}
        </p>
      ) : (
        <>
          <EventEditor key={event.data.id} event={event.data} />
          {event.data.statusCode !== EVENT_STATUS.DRAFT && (
            <WaitlistCard subject={{ kind: 'event', id: event.data.id }} editPermission="content.edit" />
          )}
        </>
      )}
    </div>
  );
}

export type FieldErrors = Record<string, string>;

function EventEditor({ event }: { event: OwnerEvent }) {
  const { t, i18n } = useTranslation('workspace-content');
  const messages = useFormMessages('workspace-content');
  const workspace = useWorkspace();
  const format = useFormatters();
  const types = useQuery(eventTypesQuery());
  const save = useSaveEvent(workspace.firmId);
  const [baseline, setBaseline] = useState(() => eventValues(event));
  const [values, setValues] = useState<EventValues>(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [cover, setCover] = useState<{ preview?: string; progress?: number; error?: string }>({});
  const zone = event.timezone;
  const mayEdit = workspace.can('content.edit');
  const open = isEditable(event.statusCode);
  const readOnly = !mayEdit || !open;
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline);
  const allowLeaving = useUnsavedChangesGuard(readOnly ? '' : JSON.stringify(values), readOnly ? '' : JSON.stringify(baseline));

  const set = <K extends keyof EventValues>(key: K, value: EventValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key as string]: _gone, ...rest }) => rest);
  };

  const labels: Record<string, string> = {
    name: t('events.name'),
    description: t('events.description'),
    typeKey: t('events.type'),
    startDateTime: t('events.start'),
    endDateTime: t('events.end'),
    venue: t('events.venue'),
    capacity: t('events.capacity'),
    currency: t('events.currency'),
    ageLimit: t('events.ageLimit'),
    imagePath: t('events.cover'),
    name_tier: t('tiers.name'),
    description_tier: t('tiers.description'),
    price: t('tiers.price'),
    capacity_tier: t('tiers.capacity'),
    salesStart: t('tiers.salesStart'),
    salesEnd: t('tiers.salesEnd'),
    name_addon: t('addons.name'),
    price_addon: t('addons.price'),
  };
  const labelOf = (path: string) => {
    const parts = path.split('.');
    const last = parts[parts.length - 1];
    if (parts[0] === 'ticketCategories' && parts.length > 2) return labels[`${last}_tier`] ?? labels[last] ?? last;
    if (parts[0] === 'addons' && parts.length > 2) return labels[`${last}_addon`] ?? labels[last] ?? last;
    return labels[last] ?? last;
  };

  /** Saves the whole event; answers whether it was saved (a failed save keeps every value as typed). */
  const onSave = async (): Promise<boolean> => {
    const checked = checkEvent(values, zone);
    if (!checked.ok) {
      const found: FieldErrors = {};
      for (const [path, issue] of Object.entries(checked.issues))
        found[path] = messages.ofIssue(issue, labelOf(path), valueAt(values, path));
      setErrors(found);
      toast.error(t('problems.checkFields'));
      return false;
    }
    try {
      const saved = await save.mutateAsync(checked.body);
      if (!saved) return false;
      const next = eventValues(saved);
      setBaseline(next);
      setValues(next);
      setErrors({});
      toast.success(t('events.saved'));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const found: FieldErrors = {};
        for (const [path, messages] of Object.entries(error.fieldErrors)) {
          if (messages[0]) found[path] = fieldProblem(t, messages[0], labelOf(path));
        }
        setErrors(found);
      }
      toast.error(contentProblem(t, error));
      return false;
    }
  };

  const onPickCover = async (file: File) => {
    const problem = coverProblem(file);
    if (problem) {
      setCover({ error: t(problem, { ns: 'workspace' }) });
      return;
    }
    const preview = URL.createObjectURL(file);
    setCover({ preview, progress: 0 });
    try {
      const uploaded = await uploadEventImage(workspace.firmId, file, (progress) => setCover((current) => ({ ...current, progress })));
      set('imagePath', uploaded.imagePath);
      setCover({ preview });
    } catch (error) {
      URL.revokeObjectURL(preview);
      setCover({ error: contentProblem(t, error) });
    }
  };

  const typeOptions = types.data?.types ?? [];
  const zoneText = t('events.zone', { zone, offset: format.zone(fromValuesStart(values, event), zone) });
  return (
    <form
      className={contentUi.editor}
      noValidate
      onSubmit={(submit) => {
        submit.preventDefault();
        if (!readOnly) void onSave();
      }}
    >
      <WorkspacePageHeader
        title={values.name.trim() || t('events.untitled')}
        titleDir="auto"
        actions={
          <>
            {event.statusCode === EVENT_STATUS.PUBLISHED && event.visibility !== 2 && (
              <Link to="/event/$shortId" params={{ shortId: event.shortId }} className={buttonClass({ variant: 'ghost' })} target="_blank">
                <ExternalLink size={18} aria-hidden="true" />
                {t('events.viewPublic')}
              </Link>
            )}
            {workspace.can('audience.view') && event.statusCode !== EVENT_STATUS.DRAFT && (
              <Link
                to="/workspace/events/$eventId/attendees"
                params={{ eventId: event.shortId }}
                className={buttonClass({ variant: 'ghost' })}
              >
                <Users size={18} aria-hidden="true" />
                {t('attendees.title', { ns: 'workspace' })}
              </Link>
            )}
            {workspace.can('checkin.scan') && (
              <Link
                to="/workspace/events/$eventId/check-in"
                params={{ eventId: event.shortId }}
                className={buttonClass({ variant: 'secondary' })}
              >
                <ScanLine size={18} aria-hidden="true" />
                {t('checkin.openDoor', { ns: 'workspace' })}
              </Link>
            )}
            {!readOnly && (
              <Button type="submit" variant="primary" disabled={save.isPending || cover.progress !== undefined}>
                {save.isPending ? t('saving') : t('save')}
              </Button>
            )}
          </>
        }
      >
        <p className={`${ui.row} ${contentUi.statusRow}`}>
          <StatusBadge statusCode={event.statusCode} />
          <span className={ui.muted}>{t(`visibility.${event.visibility}`)}</span>
          {event.sold > 0 && <span className={ui.muted}>{soldText(t, event.sold, event.held, event.capacity)}</span>}
        </p>
      </WorkspacePageHeader>

      {!mayEdit && <p className={ui.notice}>{t('events.readOnly')}</p>}
      {mayEdit && !open && <p className={ui.notice}>{t('events.closed')}</p>}

      <EventStatusPanel event={event} dirty={dirty} onSaveFirst={onSave} onLeaving={allowLeaving} />

      <fieldset className={ui.panel} disabled={readOnly}>
        <legend className={styles.legend}>{t('events.details')}</legend>
        <div className={formLayout.form}>
          <TextField
            id="event-name"
            label={labels.name}
            value={values.name}
            maxLength={EVENT_LIMITS.name}
            error={errors.name}
            aria-invalid={errors.name ? true : undefined}
            onChange={(change) => set('name', change.target.value)}
            dir="auto"
          />
          <SelectField
            id="event-type"
            label={labels.typeKey}
            value={values.typeKey}
            error={errors.typeKey}
            onChange={(change) => set('typeKey', change.target.value)}
          >
            {!typeOptions.some((type) => type.key === values.typeKey) && <option value={values.typeKey}>{values.typeKey}</option>}
            {typeOptions.map((type) => (
              <option key={type.key} value={type.key}>
                {pickName(type.names, i18n.language)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            id="event-description"
            label={labels.description}
            value={values.description}
            maxLength={EVENT_LIMITS.description}
            rows={6}
            error={errors.description}
            onChange={(change) => set('description', change.target.value)}
            dir="auto"
          />
          <div className={contentUi.coverBox}>
            <p className={contentUi.fieldLabel}>{labels.imagePath}</p>
            <CoverPicker
              imagePath={values.imagePath}
              imageColor={values.imagePath === event.imagePath ? event.imageColor : null}
              preview={cover.preview}
              progress={cover.progress}
              error={cover.error ?? errors.imagePath}
              disabled={readOnly}
              onPick={(file) => void onPickCover(file)}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className={ui.panel} disabled={readOnly}>
        <legend className={styles.legend}>{t('events.whenWhere')}</legend>
        <p className={styles.zone} id="event-zone">
          {zoneText}
        </p>
        <div className={formLayout.form}>
          <div className={styles.pair}>
            <TextField
              id="event-start"
              type="datetime-local"
              label={labels.startDateTime}
              value={values.start}
              error={errors.startDateTime}
              aria-describedby="event-zone"
              onChange={(change) => {
                set('start', change.target.value);
                setErrors(({ startDateTime: _gone, ...rest }) => rest);
              }}
            />
            <TextField
              id="event-end"
              type="datetime-local"
              label={labels.endDateTime}
              value={values.end}
              error={errors.endDateTime}
              aria-describedby="event-zone"
              onChange={(change) => {
                set('end', change.target.value);
                setErrors(({ endDateTime: _gone, ...rest }) => rest);
              }}
            />
          </div>
          <TextField
            id="event-venue"
            label={labels.venue}
            value={values.venue}
            maxLength={EVENT_LIMITS.venue}
            error={errors.venue}
            autoComplete="street-address"
            onChange={(change) => set('venue', change.target.value)}
            dir="auto"
          />
          <div className={styles.triple}>
            <TextField
              id="event-capacity"
              label={labels.capacity}
              inputMode="numeric"
              value={values.capacity}
              error={errors.capacity}
              onChange={(change) => set('capacity', change.target.value)}
            />
            <SelectField
              id="event-currency"
              label={labels.currency}
              value={values.currency}
              error={errors.currency}
              onChange={(change) => set('currency', change.target.value)}
            >
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="event-age"
              label={labels.ageLimit}
              value={values.ageLimit}
              error={errors.ageLimit}
              onChange={(change) => set('ageLimit', change.target.value)}
            >
              {Array.from({ length: EVENT_LIMITS.ageLimit + 1 }, (_, age) => (
                <option key={age} value={String(age)}>
                  {age === 0 ? t('events.allAges') : t('events.agePlus', { age })}
                </option>
              ))}
            </SelectField>
          </div>
          <FollowersOnlyToggle checked={values.followersOnly} onChange={(followersOnly) => set('followersOnly', followersOnly)} />
        </div>
      </fieldset>

      <fieldset className={ui.panel} disabled={readOnly}>
        <legend className={styles.legend}>{t('tiers.title')}</legend>
        <p className={ui.muted}>{t('tiers.lead', { zone })}</p>
        {errors.ticketCategories && (
          <p className={contentUi.error} role="alert">
            {errors.ticketCategories}
          </p>
        )}
        <TierCards
          tiers={values.ticketCategories}
          currency={values.currency}
          errors={errors}
          readOnly={readOnly}
          onChange={(tiers) => set('ticketCategories', tiers)}
          onErrors={setErrors}
          onDeleted={(id) => {
            const drop = (current: EventValues) => ({
              ...current,
              ticketCategories: current.ticketCategories.filter((tier) => tier.id !== id),
            });
            setBaseline(drop);
            setValues(drop);
          }}
        />
        {!readOnly && values.ticketCategories.length < EVENT_LIMITS.tiers && (
          <Button
            onClick={() =>
              set('ticketCategories', [
                ...values.ticketCategories,
                {
                  key: newKey(),
                  name: '',
                  description: '',
                  price: 0,
                  capacity: values.capacity,
                  salesStart: '',
                  salesEnd: '',
                  sold: 0,
                  held: 0,
                },
              ])
            }
          >
            <Plus size={18} aria-hidden="true" />
            {t('tiers.add')}
          </Button>
        )}
      </fieldset>

      <fieldset className={ui.panel} disabled={readOnly}>
        <legend className={styles.legend}>{t('addons.title')}</legend>
        <p className={ui.muted}>{t('addons.lead')}</p>
        <AddonRows
          addons={values.addons}
          currency={values.currency}
          errors={errors}
          readOnly={readOnly}
          onChange={(addons) => set('addons', addons)}
        />
        {!readOnly && values.addons.length < EVENT_LIMITS.addons && (
          <Button onClick={() => set('addons', [...values.addons, { key: newKey(), name: '', price: 0 }])}>
            <Plus size={18} aria-hidden="true" />
            {t('addons.add')}
          </Button>
        )}
      </fieldset>

      {!readOnly && (
        <div className={styles.saveBar} data-dirty={dirty || undefined}>
          <span className={ui.muted} aria-live="polite">
            {dirty ? t('events.unsaved') : t('events.allSaved')}
          </span>
          <Button type="submit" variant="primary" disabled={save.isPending || cover.progress !== undefined}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      )}
    </form>
  );
}

/** The zone's offset on the event's own date (summer and winter differ). */
function fromValuesStart(values: EventValues, event: OwnerEvent): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(values.start) ? `${values.start}:00Z` : event.startDateTime;
}
