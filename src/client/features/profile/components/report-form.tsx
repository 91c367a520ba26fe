import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportTarget } from '../../../../shared/report-kinds';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { Button, buttonClass } from '../../../components/ui/button';
import { ChoiceCards, SelectField, TextAreaField } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useSendReport } from '../api/reports';
import formLayout from '../../../components/ui/form.module.css';
import styles from './settings.module.css';

type Reason = (typeof REPORT_REASONS)[number];
const PICKABLE: ReportTarget[] = ['user', 'firm', 'event', 'post'];

/**
 * `/profile/help/report`: report a person, a business, an event or a post (or a review, from the
 * firm page). Opened from a page, it knows what (`type`, `id`, `name`); opened here, one pastes its link.
 */
export function ReportForm({ type, id, name }: { type?: ReportTarget; id?: string; name?: string }) {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const send = useSendReport(user?.id ?? '');
  const [targetType, setTargetType] = useState<ReportTarget>(type ?? 'user');
  const [link, setLink] = useState('');
  const [reason, setReason] = useState<Reason>('spam');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ field?: string; message: string }>();
  const known = Boolean(type && id);

  if (send.isSuccess) {
    return (
      <SubPage title={t('report.title')} back={{ to: '/profile/help', label: t('help.title') }}>
        <Panel>
          <p className={styles.done} data-testid="report-sent">
            <CircleCheck size={22} aria-hidden="true" />
            {t('report.sent', { name: send.data.targetName })}
          </p>
          <div className={styles.formActions}>
            <Link to="/profile/help" className={buttonClass({ variant: 'secondary' })}>
              {t('report.backToHelp')}
            </Link>
          </div>
        </Panel>
      </SubPage>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!known && !link.trim()) return setError({ field: 'link', message: t('report.linkRequired') });
    send.mutate(
      { targetType, ...(known ? { targetId: id } : { link: link.trim() }), reason, details },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 404) setError({ field: 'link', message: t('report.notFound') });
          else if (failure instanceof ApiError && failure.status === 429) setError({ message: t('report.tooMany') });
          else setError({ message: failure.message });
        },
      },
    );
  };

  return (
    <SubPage title={t('report.title')} intro={t('report.subtitle')} back={{ to: '/profile/help', label: t('help.title') }}>
      <Panel>
        <form className={formLayout.form} onSubmit={submit} noValidate>
          {known ? (
            <p className={styles.reporting}>
              {t('report.reporting', { what: t(`report.targets.${targetType}`) })}{' '}
              <strong>{name || t(`report.targets.${targetType}`)}</strong>
            </p>
          ) : (
            <>
              <SelectField
                label={t('report.what')}
                id="report-type"
                value={targetType}
                onChange={(e) => setTargetType(e.target.value as ReportTarget)}
              >
                {PICKABLE.map((target) => (
                  <option key={target} value={target}>
                    {t(`report.targets.${target}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                id="report-link"
                label={t('report.link')}
                hint={t('report.linkHint')}
                value={link}
                onChange={(e) => setLink(e.target.value)}
                error={error?.field === 'link' ? error.message : undefined}
                inputMode="url"
                autoComplete="off"
              />
            </>
          )}
          <ChoiceCards
            legend={t('report.why')}
            name="reason"
            value={reason}
            onChange={setReason}
            options={REPORT_REASONS.map((value) => ({ value, label: t(`report.reasons.${value}`) }))}
          />
          <TextAreaField
            id="report-details"
            label={t('report.details')}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            maxLength={REPORT_DETAILS_MAX}
            placeholder={t('report.detailsHint')}
          />
          {error && error.field !== 'link' && (
            <p className={styles.formError} role="alert">
              {error.message}
            </p>
          )}
          {known && error?.field === 'link' && (
            <p className={styles.formError} role="alert">
              {error.message}
            </p>
          )}
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" disabled={send.isPending}>
              {t('report.send')}
            </Button>
          </div>
        </form>
      </Panel>
    </SubPage>
  );
}
