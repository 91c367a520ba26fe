import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveMessage, MessagePage } from '../../../../shared/messages';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { SubPage } from '../../../components/layout/sub-page';
import { useLiveEvent, useLivePollInterval } from '../../../lib/live-events';
import { useCurrentUser } from '../../../lib/session';
import { applyLiveMessage, conversationsQuery, openConversation, type Side } from '../api/messages';
import { ConversationRows } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import styles from './messages.module.css';

function useCustomerSide(): Side | undefined {
  const user = useCurrentUser();
  return useMemo(() => (user ? { kind: 'customer', userId: user.id } : undefined), [user]);
}

/** `/profile/messages`: the signed-in customer's conversations with firms; with `firm`, opens the one with that firm. */
export function MyMessagesPage({ firm }: { firm?: string }) {
  if (firm) return <OpenWithFirm firm={firm} />;
  return <ConversationsPage />;
}

function ConversationsPage() {
  const { t } = useTranslation('messages');
  const side = useCustomerSide();
  const queryClient = useQueryClient();
  const refetchInterval = useLivePollInterval(30_000);
  const list = useQuery({ ...conversationsQuery(side ?? { kind: 'customer', userId: '' }), enabled: Boolean(side), refetchInterval });
  useLiveEvent(
    'message',
    useCallback((data: unknown) => side && applyLiveMessage(queryClient, side, data as LiveMessage), [queryClient, side]),
  );
  return (
    <SubPage title={t('title')} intro={t('subtitle')} width="wide">
      {!list.data ? (
        <PageSpinner />
      ) : list.data.content.length === 0 ? (
        <NoData message={t('empty')} hint={t('emptyHint')} />
      ) : (
        <ConversationRows
          side="customer"
          conversations={list.data.content}
          linkOf={(c) => ({ to: `/profile/messages/${encodeURIComponent(c.id)}` })}
        />
      )}
    </SubPage>
  );
}

/** `/profile/messages/{id}`: one conversation with a firm. */
export function MyConversationPage({ id }: { id: string }) {
  const { t } = useTranslation('messages');
  const side = useCustomerSide();
  const [page, setPage] = useState<MessagePage | null>(null);
  const firm = page?.conversation.firm;
  return (
    <SubPage
      title={firm?.name ?? t('conversation')}
      subtitle={firm ? <Link to={`/${firm.username}` as '/'}>{t('visitFirm')}</Link> : undefined}
      back={{ to: '/profile/messages', label: t('title') }}
      width="wide"
    >
      <div className={styles.customerThread}>{side && <ConversationThread side={side} id={id} onLoaded={setPage} />}</div>
    </SubPage>
  );
}

/** `?firm=username` (the firm page's 'Message' button): opens the conversation, then shows it. */
function OpenWithFirm({ firm }: { firm: string }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    openConversation(firm)
      .then((conversation) =>
        navigate({ to: '/profile/messages/$conversationId', params: { conversationId: conversation.id }, replace: true }),
      )
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : t('errors.failed')));
  }, [firm, navigate, t]);
  return (
    <SubPage title={t('conversation')} back={{ to: '/profile/messages', label: t('title') }} width="wide">
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <PageSpinner />
      )}
    </SubPage>
  );
}
