import { useCallback, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Ban } from 'lucide-react';
import type { LiveMessage } from '../../../../shared/messages';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { confirm } from '../../../lib/confirm-store';
import { useLiveEvent, useLivePollInterval } from '../../../lib/live-events';
import { usePageTitle } from '../../../lib/page-head';
import { applyLiveMessage, conversationsQuery, threadQuery, useBlockCustomer, type Side } from '../api/messages';
import { ConversationRows } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import styles from './messages.module.css';
import { HelpText } from '../../../components/ui/help-text';

/**
 * `/workspace/customers`: the firm's conversations with its customers (live), and the open one
 * (`?conversation=id`) beside the list; on a phone, one or the other.
 */
export function FirmInbox({ firmId, conversationId }: { firmId: string; conversationId: string | undefined }) {
  const { t } = useTranslation('messages');
  usePageTitle(t('inbox.title'));
  const side = useMemo<Side>(() => ({ kind: 'firm', firmId }), [firmId]);
  const queryClient = useQueryClient();
  const refetchInterval = useLivePollInterval(30_000);
  const list = useQuery({ ...conversationsQuery(side), refetchInterval });
  useLiveEvent(
    'message',
    useCallback((data: unknown) => applyLiveMessage(queryClient, side, data as LiveMessage), [queryClient, side]),
  );
  return (
    <div className={styles.inboxPage}>
      <header>
        <h1 className={styles.inboxTitle}>{t('inbox.title')}</h1>
        <HelpText className={styles.lead}>{t('inbox.lead')}</HelpText>
      </header>
      {!list.data ? (
        <PageSpinner />
      ) : list.data.content.length === 0 ? (
        <NoData message={t('inbox.empty')} hint={t('inbox.emptyHint')} />
      ) : (
        <div className={styles.inbox} data-open={Boolean(conversationId)}>
          <nav className={styles.inboxList} aria-label={t('inbox.listLabel')}>
            <ConversationRows
              side="firm"
              conversations={list.data.content}
              selectedId={conversationId}
              linkOf={(c) => ({ to: '/workspace/customers', search: { conversation: c.id } })}
            />
          </nav>
          <section className={styles.inboxThread} aria-label={t('conversation')}>
            {conversationId ? (
              <OpenConversation side={side} firmId={firmId} id={conversationId} />
            ) : (
              <p className={styles.placeholder}>{t('inbox.pick')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function OpenConversation({ side, firmId, id }: { side: Side; firmId: string; id: string }) {
  const { t } = useTranslation('messages');
  const thread = useQuery(threadQuery(side, id));
  const block = useBlockCustomer(firmId, id);
  const conversation = thread.data?.conversation;
  const toggleBlock = async () => {
    if (!conversation) return;
    const blocked = !conversation.blocked;
    if (
      blocked &&
      !(await confirm({
        title: t('inbox.blockTitle', { name: conversation.customer.name }),
        message: t('inbox.blockText'),
        okText: t('inbox.block'),
      }))
    ) {
      return;
    }
    block.mutate(blocked);
  };
  return (
    <>
      <div className={styles.threadHead}>
        <Link to="/workspace/customers" search={{ tab: 'messages' }} className={styles.backToList} aria-label={t('inbox.back')}>
          <ArrowLeft size={20} aria-hidden="true" className="flip-rtl" />
        </Link>
        {conversation && <PersonAvatar name={conversation.customer.name} imagePath={conversation.customer.imagePath} size={36} />}
        <h2 dir="auto" className={styles.threadTitle}>
          {conversation?.customer.name ?? ''}
        </h2>
        {conversation && (
          <Button
            size="small"
            variant={conversation.blocked ? 'secondary' : 'ghost'}
            disabled={block.isPending}
            onClick={() => void toggleBlock()}
          >
            <Ban size={16} aria-hidden="true" />
            {conversation.blocked ? t('inbox.unblock') : t('inbox.block')}
          </Button>
        )}
      </div>
      {conversation?.blocked && <p className={styles.notice}>{t('inbox.blockedNote')}</p>}
      <ConversationThread key={id} side={side} id={id} />
    </>
  );
}
