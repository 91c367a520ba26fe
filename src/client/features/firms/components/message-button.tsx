import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import styles from './firm.module.css';

/**
 * 'Message': opens the visitor's conversation with the firm (/profile/messages?firm=…). Signed out, the
 * profile area sends them to the login first and back here after it.
 */
export function MessageButton({ username, name }: { username: string; name: string }) {
  const { t } = useTranslation('firm');
  return (
    <Link
      to="/profile/messages"
      search={{ firm: username }}
      className={[styles.follow, styles.following, styles.messageLink].join(' ')}
      aria-label={t('messageLabel', { name })}
      data-testid="message-firm"
    >
      <span>{t('message')}</span>
    </Link>
  );
}

/** 'Book': the slot picker of a firm that takes bookings (/{username}/book). */
export function BookLink({ username, name }: { username: string; name: string }) {
  const { t } = useTranslation('firm');
  return (
    <Link
      to="/$username/book"
      params={{ username }}
      className={[styles.follow, styles.messageLink].join(' ')}
      aria-label={t('bookLabel', { name })}
      data-testid="book-firm"
    >
      <span>{t('book')}</span>
    </Link>
  );
}
