import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, UserMinus } from 'lucide-react';
import { mayAssignRole, ROLES, type Role } from '../../../../shared/permissions';
import type { TeamMember } from '../../../../shared/workspace';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { afterMutation } from '../../../lib/after-mutation';
import { toast } from '../../../lib/toast-store';
import { teamMemberQuery, useRemoveMember, useUpdateMember } from '../api/team';
import { roleLabel } from '../shell/role-label';
import { useWorkspace } from '../shell/workspace-context';
import { SelectField } from '../ui/form-controls';
import { problemMessage, toastProblem } from '../ui/problem-message';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './team.module.css';

/** `workspace/team/emp/{employmentId}`: one member; managers and owners change the role or profession, or remove them. */
export function MemberPage({ employmentId }: { employmentId: string }) {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const member = useQuery(teamMemberQuery(workspace.firmId, employmentId));
  usePageTitle(member.data ? `${member.data.firstName} ${member.data.lastName}` : t('nav.team'));
  return (
    <div className={ui.page}>
      <Link to="/workspace/team" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('nav.team')}
      </Link>
      {member.isPending ? (
        <PageSpinner />
      ) : member.isError ? (
        <p className={ui.errorBox} role="alert">
          {problemMessage(t, member.error)}
        </p>
      ) : (
        <MemberDetail key={`${member.data.userRole}|${member.data.profession}`} member={member.data} />
      )}
    </div>
  );
}

function MemberDetail({ member }: { member: TeamMember }) {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const format = useFormatters();
  const update = useUpdateMember(workspace.firmId);
  const remove = useRemoveMember(workspace.firmId);
  const [role, setRole] = useState<Role>(member.userRole);
  const [profession, setProfession] = useState(member.profession ?? '');
  const isMe = member.id === workspace.employment.id;
  const mayChange = workspace.can('team.manage') && !isMe && mayAssignRole(workspace.employment.userRole, { current: member.userRole });
  const roles = ROLES.filter((option) => option === member.userRole || mayAssignRole(workspace.employment.userRole, { next: option }));
  const name = `${member.firstName} ${member.lastName}`;

  const save = () =>
    afterMutation(update.mutateAsync({ employmentId: member.id, body: { userRole: role, profession } }), {
      onSuccess: () => toast.success(t('team.saved', { name })),
      onError: toastProblem(t),
    });
  const onRemove = async () => {
    const ok = await confirm({
      title: t('team.removeTitle', { name }),
      message: t('team.removeText', { firm: workspace.firm.name }),
      okText: t('team.remove'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (!ok) return;
    afterMutation(remove.mutateAsync(member.id), {
      onSuccess: () => {
        toast.success(t('team.removed', { name }));
        void navigate({ to: '/workspace/team' });
      },
      onError: toastProblem(t),
    });
  };

  return (
    <>
      <WorkspacePageHeader
        title={name}
        media={<PersonAvatar name={`${member.firstName} ${member.lastName}`} imagePath={member.imagePath} size={56} />}
        actions={<span className={ui.badge}>{roleLabel(t, member.userRole)}</span>}
      >
        <p className={ui.muted}>
          @{member.flip} · {t('team.since', { date: format.date(member.since, workspace.firm.timezone) })}
        </p>
      </WorkspacePageHeader>
      {mayChange ? (
        <section className={ui.panel} aria-labelledby="member-role">
          <h2 id="member-role" className={ui.panelTitle}>
            {t('team.roleTitle')}
          </h2>
          <div className={formLayout.row}>
            <SelectField
              id="member-role-select"
              label={t('team.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(t, option)}
                </option>
              ))}
            </SelectField>
            <TextField
              id="member-profession"
              label={t('team.profession')}
              value={profession}
              maxLength={60}
              onChange={(event) => setProfession(event.target.value)}
            />
          </div>
          <div className={styles.actions}>
            <Button variant="danger" onClick={() => void onRemove()} disabled={remove.isPending}>
              <UserMinus size={18} aria-hidden="true" />
              {t('team.remove')}
            </Button>
            <Button variant="primary" onClick={save} disabled={update.isPending}>
              {update.isPending ? t('profile.saving') : t('profile.save')}
            </Button>
          </div>
        </section>
      ) : (
        <section className={ui.panel}>
          <p className={ui.row}>
            <span>{member.profession ?? t('team.noProfession')}</span>
          </p>
          {isMe && (
            <p className={ui.muted}>
              <Link to="/workspace/me">{t('team.yourPage')}</Link>
            </p>
          )}
        </section>
      )}
    </>
  );
}
