import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUp, SendHorizontal } from 'lucide-react';
import type { LiveMessage, Message, MessagePage } from '../../../../shared/messages';
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX } from '../../../../shared/message-limits';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useLiveEvent, useLivePollInterval } from '../../../lib/live-events';
import { useFormatters } from '../../../lib/use-dates';
import { applyLiveMessage, loadOlder, markRead, threadQuery, useSendMessage, type Side } from '../api/messages';
import { MessageImages, PendingImages, usePendingImages } from './message-images';
import styles from './messages.module.css';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * One conversation, from either side: the messages (mine at the end side), older ones on demand,
 * new ones live (SSE, else polled every 10 s), read as soon as they are on screen, and the composer
 * (1..2000 characters and/or up to 4 images, uploaded as soon as chosen with their progress; Enter
 * sends on a keyboard, Shift+Enter is a new line).
 */
export function ConversationThread({ side, id, onLoaded }: { side: Side; id: string; onLoaded?: (page: MessagePage) => void }) {
  const { t } = useTranslation('messages');
  const f = useFormatters();
  const queryClient = useQueryClient();
  const refetchInterval = useLivePollInterval(10_000);
  const thread = useQuery({ ...threadQuery(side, id), refetchInterval });
  const send = useSendMessage(side, id);
  const pending = usePendingImages(side, id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const mine = side.kind === 'customer' ? 'customer' : 'firm';
  const page = thread.data;
  const unread = page?.conversation.unread ?? 0;
  const lastId = page?.content.at(-1)?.id;

  useLiveEvent(
    'message',
    useCallback((data: unknown) => applyLiveMessage(queryClient, side, data as LiveMessage), [queryClient, side]),
  );

  // read what is on screen: on opening, and when something new arrives while it is open
  const lastFromOther = page?.content.at(-1)?.from !== undefined && page?.content.at(-1)?.from !== mine;
  useEffect(() => {
    if ((unread > 0 || lastFromOther) && document.visibilityState === 'visible') void markRead(queryClient, side, id);
  }, [unread, lastId, lastFromOther, queryClient, side, id]);

  useEffect(() => {
    if (page) onLoaded?.(page);
  }, [page, onLoaded]);

  // the newest message in view when the thread opens and when one arrives
  useLayoutEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (pending.uploading) {
      setError(t('attachments.wait'));
      return;
    }
    if (!body && pending.ids.length === 0) {
      setError(t(pending.failed ? 'attachments.failedRemove' : 'errors.empty'));
      return;
    }
    setError(null);
    send.mutate(
      { body, attachments: pending.ids },
      {
        onSuccess: () => {
          setText('');
          pending.clear();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'blocked') setError(t('errors.blocked'));
          else if (failure instanceof ApiError && failure.status === 429) setError(t('errors.tooMany'));
          else setError(failure instanceof Error ? failure.message : t('errors.failed'));
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // a keyboard's Enter sends; on touch screens Enter stays a new line (the button sends)
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && window.matchMedia('(pointer: fine)').matches) {
      submit();
      event.preventDefault();
    }
  };

  if (thread.isError) return <p className={styles.error}>{thread.error.message}</p>;
  if (!page) return <PageSpinner />;
  const blocked = side.kind === 'customer' && page.conversation.blocked;
  const who = (message: Message) =>
    message.from === 'firm' ? (message.senderName ?? page.conversation.firm.name) : (message.senderName ?? page.conversation.customer.name);

  return (
    <div className={styles.thread}>
      <ol ref={list} className={styles.messages} aria-label={t('messagesLabel')} aria-live="polite" data-testid="thread">
        {page.hasOlder && (
          <li className={styles.older}>
            <Button
              size="small"
              disabled={loadingOlder}
              onClick={() => {
                setLoadingOlder(true);
                void loadOlder(queryClient, side, id, page.content[0].createdAt).finally(() => setLoadingOlder(false));
              }}
            >
              {t('older')}
            </Button>
          </li>
        )}
        {page.content.length === 0 && <li className={styles.emptyThread}>{t(side.kind === 'customer' ? 'startHint' : 'emptyThread')}</li>}
        {page.content.map((message) => (
          <li key={message.id} className={styles.message} data-mine={message.from === mine} data-testid="message">
            <span className={styles.bubble} data-images={message.attachments.length > 0 ? true : undefined}>
              <MessageImages side={side} conversationId={id} images={message.attachments} />
              {message.deleted ? (
                <span className={`${styles.body} ${styles.deleted}`}>{t('deleted')}</span>
              ) : (
                message.body && (
                  <span dir="auto" className={styles.body}>
                    {message.body}
                  </span>
                )
              )}
            </span>
            <span className={styles.meta}>
              {message.from !== mine || side.kind === 'firm' ? `${who(message)} · ` : ''}
              <time dateTime={message.createdAt}>{f.relative(message.createdAt)}</time>
            </span>
          </li>
        ))}
      </ol>
      {blocked ? (
        <p className={styles.notice} role="status">
          {t('errors.blocked')}
        </p>
      ) : (
        <form className={styles.composer} onSubmit={submit} noValidate>
          <PendingImages pending={pending} />
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES}
            multiple
            hidden
            data-testid="attach-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              setError(pending.add(files));
            }}
          />
          <Button
            type="button"
            className={styles.attach}
            aria-label={t('attachments.add')}
            title={t('attachments.add')}
            disabled={pending.items.length >= MESSAGE_ATTACHMENTS_MAX}
            onClick={() => fileInput.current?.click()}
          >
            <ImageUp size={18} aria-hidden="true" />
          </Button>
          <label htmlFor={`composer-${id}`} className="visually-hidden">
            {t('composerLabel')}
          </label>
          <textarea
            id={`composer-${id}`}
            dir="auto"
            className={styles.input}
            value={text}
            rows={2}
            maxLength={MESSAGE_MAX}
            placeholder={t('placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={`composer-${id}-help`}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" variant="primary" disabled={send.isPending || pending.uploading} aria-label={t('send')}>
            <SendHorizontal size={18} aria-hidden="true" className="flip-rtl" />
            <span className={styles.sendText}>{t('send')}</span>
          </Button>
          <p id={`composer-${id}-help`} className={error ? styles.error : styles.counter} role={error ? 'alert' : undefined}>
            {error ?? (text.length > MESSAGE_MAX - 200 ? t('remaining', { count: MESSAGE_MAX - text.length }) : '')}
          </p>
        </form>
      )}
    </div>
  );
}
