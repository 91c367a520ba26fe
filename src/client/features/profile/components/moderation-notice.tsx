import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPEAL_MAX } from '../../../../shared/moderation';
import { Panel, SubPage } from '../../../components/layout/sub-page';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { moderationNoticeQuery, useAppeal } from '../api/moderation';
import formLayout from '../../../components/ui/form.module.css';
import styles from './settings.module.css';

const APPEAL_MIN = 3;

/** `/profile/help/moderation/:actionId`: what an admin did about the member or their content, why, and their one appeal. */
export function ModerationNotice({ actionId }: { actionId: string }) {
  const { t, i18n } = useTranslation('settings');
  const notice = useQuery(moderationNoticeQuery(actionId));
  const appeal = useAppeal(actionId);
  const [text, setText] = useState('');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const back = { to: '/profile/help', label: t('help.title') } as const;
  if (notice.isPending) return <PageSpinner />;
  if (!notice.data) {
    return (
      <SubPage title={t('moderation.title')} back={back}>
        <Panel>
          <p>{t('moderation.notFound')}</p>
        </Panel>
      </SubPage>
    );
  }
  const { action, targetName, reason, until, username, createdAt, appealedAt, canAppeal } = notice.data;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim().length >= APPEAL_MIN) appeal.mutate(text.trim());
  };
  return (
    <SubPage title={t('moderation.title')} back={back}>
      <Panel>
        <p>
          <strong>{t(`moderation.actions.${action}`, { until: until ? date(until) : '' })}</strong>
        </p>
        <p>{t('moderation.about', { name: targetName })}</p>
        {username && (
          <p>
            <bdi>{t('moderation.username', { before: username.before, after: username.after })}</bdi>
          </p>
        )}
        <p>
          {t('moderation.reason')}: <q dir="auto">{reason}</q>
        </p>
        <p>{t('moderation.on', { date: date(createdAt) })}</p>
      </Panel>
      <Panel title={t('moderation.appealTitle')}>
        {appealedAt ? (
          <>
            <p className={styles.done} data-testid="appeal-sent">
              {t('moderation.appealed', { date: date(appealedAt) })}
            </p>
            <p>
              {t('moderation.yourAppeal')}: <q dir="auto">{notice.data.appeal}</q>
            </p>
          </>
        ) : canAppeal ? (
          <form className={formLayout.form} onSubmit={submit} noValidate>
            <p>{t('moderation.appealIntro')}</p>
            <TextAreaField
              id="appeal-text"
              label={t('moderation.appealLabel')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={APPEAL_MAX}
            />
            {appeal.isError && (
              <p className={styles.formError} role="alert">
                {appeal.error.message}
              </p>
            )}
            <div className={styles.formActions}>
              <Button type="submit" variant="primary" disabled={appeal.isPending || text.trim().length < APPEAL_MIN}>
                {t('moderation.send')}
              </Button>
            </div>
          </form>
        ) : (
          <p>{t('moderation.noAppeal')}</p>
        )}
      </Panel>
    </SubPage>
  );
}
