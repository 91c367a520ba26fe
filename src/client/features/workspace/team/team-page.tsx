import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, UserPlus, X } from 'lucide-react';
import { canCreate } from '../../../../shared/plans';
import type { Invitation, TeamMember } from '../../../../shared/workspace';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { teamQuery, useWithdrawInvitation } from '../api/team';
import { roleLabel } from '../shell/role-label';
import { useWorkspace } from '../shell/workspace-context';
import { toastProblem } from '../ui/problem-message';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { PermissionMatrix } from './permission-matrix';
import { PlanLimitNote } from '../plans/plan-limit-note';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './team.module.css';

/** `workspace/team`: who works here, the invitations still open, and the permission matrix (read-only). */
export function TeamPage() {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const team = useQuery(teamQuery(workspace.firmId));
  usePageTitle(t('nav.team'));
  const seatsLeft = canCreate(workspace.subscription.features, 'TEAM_MEMBER');

  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('nav.team')}
        lead={t('team.lead')}
        actions={
          workspace.can('team.invite') && (
            <Link to="/workspace/team/emp" className={buttonClass({ variant: 'primary' })}>
              <UserPlus size={18} aria-hidden="true" />
              {t('team.invite')}
            </Link>
          )
        }
      />
      {workspace.can('team.invite') && !seatsLeft && <PlanLimitNote featureKey="TEAM_MEMBER" />}
      {team.isPending ? (
        <PageSpinner />
      ) : team.isError ? (
        <div className={ui.errorBox} role="alert">
          <p>{team.error.message}</p>
          <Button onClick={() => void team.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <>
          <section className={ui.panel} aria-labelledby="members-title">
            <h2 id="members-title" className={ui.panelTitle}>
              {t('team.members', { count: team.data.members.length })}
            </h2>
            <ul className={styles.people}>
              {team.data.members.map((member) => (
                <li key={member.id}>
                  <MemberRow member={member} />
                </li>
              ))}
            </ul>
          </section>
          {team.data.invitations.length > 0 && (
            <section className={ui.panel} aria-labelledby="invited-title">
              <h2 id="invited-title" className={ui.panelTitle}>
                {t('team.invited', { count: team.data.invitations.length })}
              </h2>
              <ul className={styles.people}>
                {team.data.invitations.map((invitation) => (
                  <li key={invitation.id}>
                    <InvitationRow invitation={invitation} mayWithdraw={workspace.can('team.invite')} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <PermissionMatrix />
    </div>
  );
}

function MemberRow({ member }: { member: TeamMember }) {
  const { t } = useTranslation('workspace');
  const format = useFormatters();
  const { firm } = useWorkspace();
  return (
    <Link to="/workspace/team/emp/$employmentId" params={{ employmentId: member.id }} className={styles.person}>
      <PersonAvatar name={`${member.firstName} ${member.lastName}`} imagePath={member.imagePath} size={40} />
      <span className={styles.personText}>
        <span className={styles.personName}>
          {member.firstName} {member.lastName}
        </span>
        <span className={ui.muted}>
          {[member.profession, t('team.since', { date: format.date(member.since, firm.timezone) })].filter(Boolean).join(' · ')}
        </span>
      </span>
      <span className={ui.badge}>{roleLabel(t, member.userRole)}</span>
      <ChevronRight size={18} aria-hidden="true" className="flip-rtl" />
    </Link>
  );
}

function InvitationRow({ invitation, mayWithdraw }: { invitation: Invitation; mayWithdraw: boolean }) {
  const { t } = useTranslation('workspace');
  const { firmId, firm } = useWorkspace();
  const format = useFormatters();
  const withdraw = useWithdrawInvitation(firmId);
  const onWithdraw = async () => {
    if (
      !(await confirm({
        message: t('team.withdrawConfirm', { name: invitation.invitee }),
        okText: t('team.withdraw'),
        cancelText: t('cancel'),
      }))
    )
      return;
    withdraw.mutate(invitation.id, { onError: toastProblem(t) });
  };
  return (
    <div className={styles.person}>
      <PersonAvatar name={invitation.invitee} imagePath={null} size={40} />
      <span className={styles.personText}>
        <span className={styles.personName} dir="auto">
          {invitation.invitee}
        </span>
        <span className={ui.muted}>
          {t('team.invitedBy', { name: invitation.invitedBy ?? '—', date: format.date(invitation.createdAt, firm.timezone) })}
        </span>
      </span>
      <span className={`${ui.badge} ${ui.badgeAccent}`}>{roleLabel(t, invitation.userRole)}</span>
      {mayWithdraw && (
        <Button
          variant="ghost"
          size="small"
          onClick={() => void onWithdraw()}
          disabled={withdraw.isPending}
          aria-label={t('team.withdrawLabel', { name: invitation.invitee })}
        >
          <X size={16} aria-hidden="true" />
          {t('team.withdraw')}
        </Button>
      )}
    </div>
  );
}
