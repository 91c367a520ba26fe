import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../shared/messages';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { useFormatters } from '../../../lib/use-dates';
import styles from './messages.module.css';

/** Conversations as rows: who (the firm for a customer, the customer for the team), the last words, unread count. */
export function ConversationRows({
  conversations,
  side,
  selectedId,
  linkOf,
}: {
  conversations: Conversation[];
  side: 'customer' | 'firm';
  selectedId?: string;
  linkOf: (conversation: Conversation) => { to: string; search?: Record<string, string> };
}) {
  const { t } = useTranslation('messages');
  const f = useFormatters();
  return (
    <ul className={styles.rows}>
      {conversations.map((conversation) => {
        const other = side === 'customer' ? conversation.firm : conversation.customer;
        const link = linkOf(conversation);
        return (
          <li key={conversation.id}>
            <Link
              to={link.to as '/'}
              search={link.search as never}
              className={styles.row}
              aria-current={conversation.id === selectedId ? 'page' : undefined}
              data-testid="conversation-row"
            >
              <PersonAvatar name={other.name} imagePath={other.imagePath} size={44} shape={side === 'customer' ? 'square' : 'round'} />
              <span className={styles.rowText}>
                <span className={styles.rowHead}>
                  <span dir="auto" className={styles.rowName}>
                    {other.name}
                  </span>
                  {conversation.lastMessageAt && (
                    <time className={styles.rowTime} dateTime={conversation.lastMessageAt}>
                      {f.relative(conversation.lastMessageAt)}
                    </time>
                  )}
                </span>
                <span className={styles.rowPreview}>
                  {conversation.lastFrom === side && <span className={styles.you}>{t('you')} </span>}
                  <bdi>{conversation.lastMessagePreview}</bdi>
                </span>
              </span>
              {conversation.unread > 0 && (
                <span className={styles.badge} aria-label={t('unread', { count: conversation.unread })}>
                  {conversation.unread}
                </span>
              )}
              {side === 'firm' && conversation.blocked && <span className={styles.blockedTag}>{t('blocked')}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
