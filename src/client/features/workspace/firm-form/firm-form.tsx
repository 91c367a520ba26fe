import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LocateFixed, MapPin } from 'lucide-react';
import { pickName } from '../../../../shared/i18n';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import { industryLookupsQuery } from '../api/get-industries';
import { SelectField, TextAreaField } from '../ui/form-controls';
import { useFormMessages } from '../../../lib/form-messages';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { inputOf, mapLink, suggestUsername, validateFirm, type FirmField, type FirmFormValues } from './firm-form-values';
import { OpeningHoursEditor } from './opening-hours-editor';
import { UsernameField } from './username-field';
import styles from './firm-form.module.css';

const MIN_AGES = [0, 16, 18, 21];

function timeZones(): string[] {
  try {
    const zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
    return zones.includes('UTC') ? zones : ['UTC', ...zones];
  } catch {
    return ['UTC'];
  }
}

interface FirmFormProps {
  mode: 'create' | 'edit';
  initial: FirmFormValues;
  /** sends the form; answers the server's field errors (already keys or texts) when it refused */
  onSubmit: (input: ReturnType<typeof inputOf>) => Promise<Record<string, string[]> | void>;
  submitLabel: string;
  pendingLabel: string;
  /** the cover section, between the description and the address */
  cover?: ReactNode;
}

/**
 * The firm's profile form, for create-firm and business-profile: name, username (create only,
 * checked live), industry and category from the server's lookups, description, cover, address with
 * a map link, time zone, opening hours, contact and minimum age. Checked with the shared schema the
 * server uses; the server's field errors land on their fields.
 */
export function FirmForm({ mode, initial, onSubmit, submitLabel, pendingLabel, cover }: FirmFormProps) {
  const { t, i18n } = useTranslation('workspace');
  const messages = useFormMessages('workspace');
  const industries = useQuery(industryLookupsQuery());
  const [values, setValues] = useState<FirmFormValues>(initial);
  const [saved, setSaved] = useState(initial);
  const allowLeaving = useUnsavedChangesGuard(JSON.stringify(values), JSON.stringify(saved));
  const [touched, setTouched] = useState<Partial<Record<FirmField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FirmField, string>>>({});
  const [usernameTouched, setUsernameTouched] = useState(mode === 'edit');
  const [availability, setAvailability] = useState<string>();
  const [locating, setLocating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const zones = useMemo(() => timeZones(), []);
  const onAvailability = useCallback((status: string) => setAvailability(status), []);

  const labels: Record<FirmField, string> = {
    name: t('form.name'),
    username: t('form.username'),
    industryKey: t('form.industry'),
    categoryKey: t('form.category'),
    description: t('form.description'),
    addressLine: t('form.addressLine'),
    city: t('form.city'),
    country: t('form.country'),
    latitude: t('form.latitude'),
    longitude: t('form.longitude'),
    timezone: t('form.timezone'),
    phone: t('form.phone'),
    email: t('form.email'),
    website: t('form.website'),
    minAge: t('form.minAge'),
    openingHours: t('form.openingHours'),
  };
  const issues = validateFirm(values, mode);
  const errorOf = (field: FirmField): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const issue = issues[field];
    if (!issue || !(touched[field] || submitted)) return undefined;
    return messages.ofIssue(issue, labels[field], values[field]);
  };

  const set = <K extends FirmField>(field: K, value: FirmFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // the username follows the name until someone edits it
      if (field === 'name' && mode === 'create' && !usernameTouched) next.username = suggestUsername(String(value));
      if (field === 'industryKey') next.categoryKey = '';
      return next;
    });
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };
  const text = (field: FirmField, extra: Record<string, unknown> = {}) => ({
    id: `field-${field}`,
    name: field,
    label: labels[field],
    value: values[field] as string,
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    ...extra,
  });

  const industry = industries.data?.find((entry) => entry.key === values.industryKey);
  const language = i18n.language;
  const map = mapLink(values);

  const locate = () => {
    if (!navigator.geolocation) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        set('latitude', position.coords.latitude.toFixed(5));
        set('longitude', position.coords.longitude.toFixed(5));
      },
      () => setLocating(false),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = (Object.keys(issues) as FirmField[])[0];
    const usernameBlocked = mode === 'create' && (availability === 'taken' || availability === 'reserved' || availability === 'invalid');
    if (firstInvalid || usernameBlocked) {
      const target = firstInvalid ?? 'username';
      formRef.current?.querySelector<HTMLElement>(`[name="${target}"], #field-${target}`)?.focus();
      if (usernameBlocked && !firstInvalid)
        setServerErrors((current) => ({ ...current, username: t(`form.usernameStatus.${availability}`) }));
      return;
    }
    setPending(true);
    // a created or saved firm may take the owner elsewhere at once
    allowLeaving();
    const errors = await onSubmit(inputOf(values));
    setPending(false);
    if (!errors) setSaved(values);
    if (errors) {
      const mapped: Partial<Record<FirmField, string>> = {};
      for (const [field, list] of Object.entries(errors)) {
        if (field in labels && list[0]) mapped[field as FirmField] = messages.ofServer(list[0], labels[field as FirmField]);
      }
      setServerErrors(mapped);
      const first = Object.keys(mapped)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"], #field-${first}`)?.focus();
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={pending}>
      <section className={styles.section} aria-labelledby="form-identity">
        <h2 id="form-identity" className={styles.sectionTitle}>
          {t('form.identity')}
        </h2>
        <div className={formLayout.form}>
          <TextField {...text('name', { autoComplete: 'organization', required: true })} />
          {mode === 'create' && (
            <UsernameField
              value={values.username}
              onChange={(value) => {
                setUsernameTouched(true);
                set('username', value);
              }}
              onBlur={() => setTouched((current) => ({ ...current, username: true }))}
              error={errorOf('username')}
              onAvailability={onAvailability}
            />
          )}
          <div className={formLayout.row}>
            <SelectField {...text('industryKey')} disabled={!industries.data}>
              <option value="">{t('form.choose')}</option>
              {industries.data?.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {pickName(entry.names, language)}
                </option>
              ))}
            </SelectField>
            <SelectField {...text('categoryKey')} disabled={!industry}>
              <option value="">{industry ? t('form.choose') : t('form.industryFirst')}</option>
              {industry?.categories.map((category) => (
                <option key={category.key} value={category.key}>
                  {pickName(category.names, language)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField {...text('description')} rows={5} maxLength={2000} hint={t('form.descriptionHint')} />
        </div>
      </section>

      {cover && (
        <section className={styles.section} aria-labelledby="form-cover">
          <h2 id="form-cover" className={styles.sectionTitle}>
            {t('cover.title')}
          </h2>
          {cover}
        </section>
      )}

      <section className={styles.section} aria-labelledby="form-place">
        <h2 id="form-place" className={styles.sectionTitle}>
          {t('form.place')}
        </h2>
        <div className={formLayout.form}>
          <TextField {...text('addressLine', { autoComplete: 'street-address' })} />
          <div className={formLayout.row}>
            <TextField {...text('city', { autoComplete: 'address-level2' })} />
            <TextField {...text('country', { autoComplete: 'country-name' })} />
          </div>
          <div className={formLayout.row}>
            <TextField {...text('latitude', { inputMode: 'decimal', dir: 'ltr' })} />
            <TextField {...text('longitude', { inputMode: 'decimal', dir: 'ltr' })} />
          </div>
          <div className={styles.mapRow}>
            <Button size="small" onClick={locate} disabled={locating}>
              <LocateFixed size={16} aria-hidden="true" />
              {locating ? t('form.locating') : t('form.useLocation')}
            </Button>
            {map && (
              <a href={map} target="_blank" rel="noopener noreferrer" className={styles.mapLink}>
                <MapPin size={16} aria-hidden="true" />
                {t('form.seeOnMap')}
              </a>
            )}
          </div>
          <SelectField {...text('timezone')}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </SelectField>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="form-hours">
        <h2 id="form-hours" className={styles.sectionTitle}>
          {t('form.hoursTitle')}
        </h2>
        <OpeningHoursEditor value={values.openingHours} onChange={(next) => set('openingHours', next)} error={errorOf('openingHours')} />
      </section>

      <section className={styles.section} aria-labelledby="form-contact">
        <h2 id="form-contact" className={styles.sectionTitle}>
          {t('form.contact')}
        </h2>
        <div className={formLayout.form}>
          <div className={formLayout.row}>
            <TextField {...text('phone', { type: 'tel', autoComplete: 'tel', dir: 'ltr' })} />
            <TextField {...text('email', { type: 'email', autoComplete: 'email', dir: 'ltr' })} />
          </div>
          <TextField {...text('website', { type: 'url', autoComplete: 'url', dir: 'ltr', placeholder: 'https://' })} />
          <SelectField {...text('minAge')} hint={t('form.minAgeHint')}>
            {MIN_AGES.map((age) => (
              <option key={age} value={String(age)}>
                {age === 0 ? t('form.allAges') : t('form.ageAndOver', { age })}
              </option>
            ))}
          </SelectField>
        </div>
      </section>

      <div className={styles.submit}>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
