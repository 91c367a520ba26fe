import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { mayAssignRole, ROLES, type Role } from '../../../../shared/permissions';
import { inviteSchema } from '../../../../shared/workspace';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import formLayout from '../../../components/ui/form.module.css';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { toast } from '../../../lib/toast-store';
import { useInvite } from '../api/team';
import { roleLabel } from '../shell/role-label';
import { useWorkspace } from '../shell/workspace-context';
import { PlanLimitNote } from '../plans/plan-limit-note';
import { SelectField } from '../ui/form-controls';
import { useFormMessages } from '../../../lib/form-messages';
import { confirm } from '../../../lib/confirm-store';
import { problemMessage } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import styles from './team.module.css';

type By = 'email' | 'flip';

/** `workspace/team/emp`: invite someone by email or by their flip, with a role and a profession. */
export function InvitePage() {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const invite = useInvite(workspace.firmId);
  const messages = useFormMessages('workspace');
  const [by, setBy] = useState<By>('email');
  const [values, setValues] = useState({ email: '', flip: '', userRole: 'STAFF' as Role, profession: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [planLimited, setPlanLimited] = useState(!workspace.canCreate('TEAM_MEMBER'));
  usePageTitle(t('team.invite'));
  // the least power first: Staff is the usual invitation, Owner the rare one
  const roles = [...ROLES].reverse().filter((role) => mayAssignRole(workspace.employment.userRole, { next: role }));
  const labels = { email: t('team.email'), flip: t('team.flip'), userRole: t('team.role'), profession: t('team.profession') };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, email: by === 'email' ? values.email : '', flip: by === 'flip' ? values.flip : '' };
    const parsed = inviteSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = by === 'flip' && issue.path[0] === 'email' ? 'flip' : String(issue.path[0] ?? by);
        next[field] ??= messages.ofIssue(issue, labels[field as keyof typeof labels] ?? field, body[field as keyof typeof body]);
      }
      setErrors(next);
      return;
    }
    // an owner can do everything, also remove the one inviting: asked once more
    if (
      body.userRole === 'OWNER' &&
      !(await confirm({
        title: t('team.ownerConfirmTitle'),
        message: t('team.ownerConfirm', { name: by === 'email' ? body.email : body.flip }),
        okText: t('team.ownerConfirmOk'),
        cancelText: t('cancel'),
        danger: true,
      }))
    )
      return;
    invite.mutate(body, {
      onSuccess: (invitation) => {
        toast.success(t('team.invitedToast', { name: invitation.invitee }));
        void navigate({ to: '/workspace/team' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'plan_limit') setPlanLimited(true);
        const fields = error instanceof ApiError ? error.fieldErrors : undefined;
        if (fields) {
          setErrors(
            Object.fromEntries(
              Object.entries(fields).map(([field, list]) => [
                field,
                messages.ofServer(list[0], labels[field as keyof typeof labels] ?? field),
              ]),
            ),
          );
        } else {
          setErrors({ [by]: problemMessage(t, error) });
        }
      },
    });
  };

  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  return (
    <div className={ui.page}>
      <Link to="/workspace/team" className={ui.eyebrow}>
        <ArrowLeft size={16} aria-hidden="true" className="flip-rtl" /> {t('nav.team')}
      </Link>
      <h1 className={ui.pageTitle}>{t('team.invite')}</h1>
      <p className={ui.lead}>{t('team.inviteLead')}</p>
      {planLimited && <PlanLimitNote featureKey="TEAM_MEMBER" />}
      <form className={ui.panel} onSubmit={(event) => void submit(event)} noValidate aria-busy={invite.isPending}>
        <div className={formLayout.form}>
          <fieldset className={styles.choice}>
            <legend className="visually-hidden">{t('team.inviteBy')}</legend>
            {(['email', 'flip'] as const).map((option) => (
              <label key={option}>
                <input type="radio" name="by" value={option} checked={by === option} onChange={() => setBy(option)} />
                {t(`team.by.${option}`)}
              </label>
            ))}
          </fieldset>
          {by === 'email' ? (
            <TextField
              id="invite-email"
              name="email"
              type="email"
              dir="ltr"
              autoComplete="off"
              label={labels.email}
              value={values.email}
              error={errors.email || undefined}
              onChange={(event) => set('email', event.target.value)}
            />
          ) : (
            <TextField
              id="invite-flip"
              name="flip"
              dir="ltr"
              autoCapitalize="none"
              label={labels.flip}
              hint={t('team.flipHint')}
              value={values.flip}
              error={errors.flip || undefined}
              onChange={(event) => set('flip', event.target.value)}
            />
          )}
          <div className={formLayout.row}>
            <SelectField
              id="invite-role"
              label={labels.userRole}
              value={values.userRole}
              onChange={(event) => set('userRole', event.target.value)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(t, role)}
                </option>
              ))}
            </SelectField>
            <TextField
              id="invite-profession"
              name="profession"
              label={labels.profession}
              hint={t('team.professionHint')}
              maxLength={60}
              value={values.profession}
              error={errors.profession || undefined}
              onChange={(event) => set('profession', event.target.value)}
            />
          </div>
        </div>
        <div className={styles.actions}>
          <Link to="/workspace/team" className={ui.eyebrow}>
            {t('cancel')}
          </Link>
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {invite.isPending ? t('team.sending') : t('team.send')}
          </Button>
        </div>
      </form>
    </div>
  );
}
