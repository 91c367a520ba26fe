import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Check, LogOut } from 'lucide-react';
import { PERMISSIONS } from '../../../../shared/permissions';
import { Button } from '../../../components/ui/button';
import { afterMutation } from '../../../lib/after-mutation';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useLeaveFirm } from '../api/team';
import { forgetFirm, useSelectionStore } from '../selection/selection-store';
import { roleLabel } from '../shell/role-label';
import { useWorkspace } from '../shell/workspace-context';
import { toastProblem } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './me.module.css';

/** `workspace/me`: my employment here (role, profession, what it lets me do), and leaving the firm. */
export function MyEmployment() {
  const { t } = useTranslation('workspace');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { firm, employment } = useWorkspace();
  const leave = useLeaveFirm(firm.id, user?.id ?? '');
  usePageTitle(t('nav.me'));

  const onLeave = async () => {
    const ok = await confirm({
      title: t('me.leaveTitle', { name: firm.name }),
      message: t('me.leaveText'),
      okText: t('me.leave'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (!ok) return;
    // from the promise: leaving removes the workspace this page is part of (lib/after-mutation.ts)
    afterMutation(leave.mutateAsync(), {
      onSuccess: () => {
        forgetFirm();
        useSelectionStore.getState().dispatch({ type: 'clear' });
        toast.success(t('me.left', { name: firm.name }));
        void navigate({ to: '/business' });
      },
      onError: toastProblem(t),
    });
  };

  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('nav.me')} eyebrow={firm.name} />
      <section className={ui.panel} aria-labelledby="me-role">
        <h2 id="me-role" className={ui.panelTitle}>
          {user ? `${user.firstName} ${user.lastName}` : ''}
        </h2>
        <p className={ui.row}>
          <span className={ui.badge}>{roleLabel(t, employment.userRole)}</span>
          {employment.profession && <span>{employment.profession}</span>}
        </p>
      </section>
      <section className={ui.panel} aria-labelledby="me-can">
        <h2 id="me-can" className={ui.panelTitle}>
          {t('me.canTitle')}
        </h2>
        <ul className={styles.can}>
          {PERMISSIONS.filter((permission) => employment.permissions.includes(permission)).map((permission) => (
            <li key={permission}>
              <Check size={16} aria-hidden="true" />
              {t(`permissions.${permission}`)}
            </li>
          ))}
        </ul>
      </section>
      <section className={ui.panel} aria-labelledby="me-leave">
        <h2 id="me-leave" className={ui.panelTitle}>
          {t('me.leaveTitle', { name: firm.name })}
        </h2>
        <p className={ui.lead}>{t('me.leaveText')}</p>
        <div className={styles.leave}>
          <Button variant="danger" onClick={() => void onLeave()} disabled={leave.isPending}>
            <LogOut size={18} aria-hidden="true" className="flip-rtl" />
            {t('me.leave')}
          </Button>
        </div>
      </section>
    </div>
  );
}
