import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useMailTillReceipt } from '../api/till';
import { useWorkspace } from '../shell/workspace-context';
import styles from './till.module.css';

/** Why a receipt did not go, in the till's words. */
function mailProblem(error: unknown): 'invalid' | 'tooMany' | 'offline' | 'other' {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 400) return 'invalid';
  if (error.status === 429) return 'tooMany';
  return error.status === 0 ? 'offline' : 'other';
}

/** The receipt by mail, for a customer who would rather not take paper: the address, then Send. */
export function TillReceiptMail({ reference }: { reference: string }) {
  const { t } = useTranslation('workspace-till');
  const id = useId();
  const { firmId } = useWorkspace();
  const mail = useMailTillReceipt(firmId, reference);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = () => {
    const to = email.trim();
    if (!to || mail.isPending) return;
    mail.mutate(to, { onSuccess: () => setSentTo(to) });
  };
  return (
    <form
      className={styles.receiptMail}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextField
        id={`${id}-email`}
        type="email"
        autoComplete="off"
        label={t('mail.label')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setSentTo(null);
        }}
        error={mail.isError ? t(`mail.${mailProblem(mail.error)}`) : undefined}
      />
      <Button type="submit" disabled={!email.trim() || mail.isPending}>
        <Mail size={18} aria-hidden="true" /> {t('mail.send')}
      </Button>
      {sentTo && (
        <p className={styles.muted} role="status">
          {t('mail.sent')} <bdi>{sentTo}</bdi>
        </p>
      )}
    </form>
  );
}
