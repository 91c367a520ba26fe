import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MailOpen } from 'lucide-react';
import type { ReceivedInvitation } from '../../../../shared/workspace';
import { Button } from '../../../components/ui/button';
import { afterMutation } from '../../../lib/after-mutation';
import { toast } from '../../../lib/toast-store';
import { invitationByTokenQuery, receivedInvitationsQuery, useAnswerInvitation } from '../api/invitations';
import { FirmAvatar } from '../shell/firm-avatar';
import { roleLabel } from '../shell/role-label';
import { useSelectFirm } from '../selection/use-select-firm';
import styles from './business.module.css';

/** A UUID names an invitation (a notification's link); anything else is an emailed link's token. */
const INVITATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The invitations waiting for my answer, in-app (addressed to my account or my email address),
 * plus the one an emailed link opened (`?invitation=<token>`), answered with its token.
 */
export function ReceivedInvitations({ userId, highlight }: { userId: string; highlight?: string }) {
  const { t } = useTranslation('workspace');
  const token = highlight && !INVITATION_ID.test(highlight) ? highlight : undefined;
  const received = useQuery(receivedInvitationsQuery(userId));
  const linked = useQuery({ ...invitationByTokenQuery(token ?? ''), enabled: Boolean(token) });
  const list = [...(received.data ?? [])];
  if (linked.data && !list.some((invitation) => invitation.id === linked.data.id)) list.unshift(linked.data);
  return (
    <>
      {token && linked.isError && (
        <p className={styles.notice} role="alert">
          {t('invitations.gone')}
        </p>
      )}
      {list.length > 0 && (
        <section className={styles.invitations} aria-labelledby="invitations-title">
          <h2 id="invitations-title" className={styles.sectionTitle}>
            {t('invitations.title')}
          </h2>
          <ul className={styles.list}>
            {list.map((invitation) => (
              <li key={invitation.id}>
                <InvitationCard
                  invitation={invitation}
                  userId={userId}
                  token={linked.data?.id === invitation.id ? token : undefined}
                  highlighted={invitation.id === highlight || invitation.id === linked.data?.id}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function InvitationCard({
  invitation,
  userId,
  token,
  highlighted,
}: {
  invitation: ReceivedInvitation;
  userId: string;
  token?: string;
  highlighted: boolean;
}) {
  const { t } = useTranslation('workspace');
  const { accept, decline } = useAnswerInvitation(userId);
  const selectFirm = useSelectFirm();
  const busy = accept.isPending || decline.isPending;
  const answer = { invitationId: invitation.id, token };
  return (
    <article
      className={styles.card}
      data-highlight={highlighted ? '' : undefined}
      aria-label={t('invitations.label', { name: invitation.firmName })}
    >
      <span className={styles.cardImage}>
        <FirmAvatar imagePath={invitation.firmImagePath} size={56} />
      </span>
      <div className={styles.cardMain}>
        <span className={styles.cardName}>{invitation.firmName}</span>
        <span className={styles.cardMeta}>
          <MailOpen size={14} aria-hidden="true" />
          {invitation.invitedBy
            ? t('invitations.from', { name: invitation.invitedBy, role: roleLabel(t, invitation.userRole) })
            : t('invitations.as', { role: roleLabel(t, invitation.userRole) })}
        </span>
      </div>
      <div className={styles.answer}>
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            afterMutation(decline.mutateAsync(answer), {
              onSuccess: () => toast.info(t('invitations.declined', { name: invitation.firmName })),
            })
          }
        >
          {t('invitations.decline')}
        </Button>
        <Button
          variant="primary"
          size="small"
          disabled={busy}
          onClick={() =>
            afterMutation(accept.mutateAsync(answer), {
              onSuccess: (employment) => {
                toast.success(t('invitations.accepted', { name: invitation.firmName }));
                selectFirm(employment.firmId);
              },
            })
          }
        >
          {t('invitations.accept')}
        </Button>
      </div>
    </article>
  );
}
