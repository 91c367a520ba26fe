import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Check, Loader2, X } from 'lucide-react';
import { usernameProblem } from '../../../../shared/workspace';
import { TextField } from '../../../components/ui/text-field';
import { usernameAvailabilityQuery } from '../api/get-username-availability';
import styles from './firm-form.module.css';

const DEBOUNCE_MS = 350;

/**
 * The username, checked as it is typed: the rules of `/{username}` at once (invalid, reserved),
 * then whether it is free, asked of the server a moment after typing stops (case-insensitive).
 */
export function UsernameField({
  value,
  onChange,
  onBlur,
  error,
  onAvailability,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  onAvailability: (status: 'free' | 'taken' | 'reserved' | 'invalid' | 'checking') => void;
}) {
  const { t } = useTranslation('workspace');
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const local = value.trim() ? usernameProblem(value) : undefined;
  const ask = Boolean(settled.trim()) && !usernameProblem(settled) && settled === value;
  const remote = useQuery({ ...usernameAvailabilityQuery(settled), enabled: ask });
  const status = !value.trim() ? undefined : local ? local : !ask || remote.isFetching || !remote.data ? 'checking' : remote.data.status;

  useEffect(() => {
    if (status) onAvailability(status);
  }, [status, onAvailability]);

  const origin = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <div className={styles.username}>
      <TextField
        id="field-username"
        name="username"
        label={t('form.username')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        error={error}
        aria-invalid={error || status === 'taken' || status === 'reserved' || status === 'invalid' ? true : undefined}
        aria-describedby="username-status"
        hint={t('form.usernameHint', { url: `${origin}/${value.trim() || t('form.usernamePlaceholder')}` })}
      />
      <p id="username-status" className={styles.availability} data-status={status} aria-live="polite">
        {status === 'checking' && <Loader2 size={16} aria-hidden="true" className={styles.spin} />}
        {status === 'free' && <Check size={16} aria-hidden="true" />}
        {(status === 'taken' || status === 'reserved' || status === 'invalid') && <X size={16} aria-hidden="true" />}
        {status && !error && t(`form.usernameStatus.${status}`)}
      </p>
    </div>
  );
}
