import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { ANNOUNCEMENT_MAX_LENGTH, announcementInputSchema } from '../../../../shared/announcements';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { announcementsQuery, useSendAnnouncement } from '../api/announcements';
import { useWorkspace } from '../shell/workspace-context';
import { TextAreaField } from '../ui/form-controls';
import { useFormMessages } from '../../../lib/form-messages';
import { PagedList } from '../ui/paged-list';
import { problemMessage } from '../ui/problem-message';
import list from '../ui/workspace-list.module.css';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './announcements.module.css';

const NS = 'workspace-announcements';

/** `workspace/announcements`: a short message to every follower, and the ones sent before. */
export function AnnouncementsPage() {
  const { t } = useTranslation([NS, 'workspace']);
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const fieldMessage = useFormMessages('workspace');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<number>();
  const [page, setPage] = useState(0);
  const sent = useQuery({ ...announcementsQuery(firmId, page), placeholderData: keepPreviousData });
  const sendAnnouncement = useSendAnnouncement(firmId);
  usePageTitle(t('title'));
  const label = t('compose.label');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSentTo(undefined);
    const parsed = announcementInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(fieldMessage.ofIssue(parsed.error.issues[0], label, text));
      return;
    }
    setError(undefined);
    sendAnnouncement.mutate(parsed.data.text, {
      onSuccess: (announcement) => {
        setText('');
        setSentTo(announcement.reached);
        setPage(0);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.code === 'announcement_limit'
            ? t('problems.limit')
            : failure instanceof ApiError && failure.code === 'plan_limit'
              ? t('problems.plan', {
                  requiredPlan: t(`plans.${(failure.raw as { requiredPlan?: string }).requiredPlan ?? 'growth'}.name`, { ns: 'workspace' }),
                })
              : problemMessage(t, failure),
        ),
    });
  };

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('title')} lead={t('lead')} />
      <form className={`${ui.panel} ${styles.compose}`} onSubmit={submit} noValidate>
        <TextAreaField
          id="announcement-text"
          label={label}
          value={text}
          error={error}
          rows={4}
          maxLength={ANNOUNCEMENT_MAX_LENGTH + 100}
          placeholder={t('compose.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setSentTo(undefined);
          }}
          hint={t('compose.hint')}
        />
        <div className={styles.composeFoot}>
          <span className={text.trim().length > ANNOUNCEMENT_MAX_LENGTH ? styles.over : ui.muted} aria-live="polite">
            {t('compose.count', { count: text.trim().length, max: ANNOUNCEMENT_MAX_LENGTH })}
          </span>
          <Button type="submit" variant="primary" disabled={sendAnnouncement.isPending}>
            <Send size={18} aria-hidden="true" className="flip-rtl" />
            {t('compose.send')}
          </Button>
        </div>
        {sentTo !== undefined && (
          <p className={styles.sent} role="status">
            {sentTo === 0 ? t('compose.sentNobody') : t('compose.sent', { count: sentTo })}
          </p>
        )}
      </form>
      <section aria-labelledby="sent-title" className={styles.sentList}>
        <h2 id="sent-title" className={ui.panelTitle}>
          {t('sent.title')}
        </h2>
        <PagedList
          query={sent}
          page={page}
          onPageChange={setPage}
          retryLabel={t('retry')}
          empty={<p className={ui.panel}>{t('sent.empty')}</p>}
        >
          {(content) => (
            <ul className={list.list} data-testid="announcements">
              {content.map((announcement) => (
                <li key={announcement.id} className={styles.item}>
                  <p className={styles.text} dir="auto">
                    {announcement.text}
                  </p>
                  <p className={ui.muted}>
                    {format.dateTime(announcement.createdAt, firm.timezone)} · {t('sent.reached', { count: announcement.reached })}
                    {announcement.authorName && (
                      <>
                        {' · '}
                        <bdi>{announcement.authorName}</bdi>
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </div>
  );
}
