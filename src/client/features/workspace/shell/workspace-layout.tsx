import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { ApiError, setDashboardRecovery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { employmentsQuery } from '../api/get-employments';
import { dashFirmQuery, refetchDashFirm } from '../api/get-dash-firm';
import { selectedFirmId } from '../selection/selection-machine';
import { firmToEnter, forgetFirm, rememberFirm, useSelectionStore } from '../selection/selection-store';
import { SelectFirmDialog } from './select-firm-dialog';
import { SelectionRequired } from './selection-required';
import { FirstBusiness } from './first-business';
import { SelectedFirmContext, useWorkspace } from './workspace-context';
import { WorkspaceNavPanel } from './workspace-nav-panel';
import { entryAccess, entryForPath } from './workspace-nav';
import { LockedPage } from './locked-page';
import styles from './shell.module.css';

/**
 * `/workspace`: the firm selection and, once a firm is loaded, the workspace frame
 * (grouped navigation, the routed area or why it is locked). Also wires the dashboard 401 rule of
 * A dashboard call answered 401 re-fetches the current firm once and is retried.
 */
export function WorkspaceLayout() {
  const { t } = useTranslation('workspace');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const state = useSelectionStore((store) => store.state);
  const dispatch = useSelectionStore((store) => store.dispatch);
  const owner = useSelectionStore((store) => store.userId);
  const ownedBy = useSelectionStore((store) => store.ownedBy);
  const employments = useQuery({ ...employmentsQuery(userId ?? ''), enabled: Boolean(userId) });
  const firmId = owner === userId ? selectedFirmId(state) : undefined;
  const dash = useQuery({ ...dashFirmQuery(firmId ?? ''), enabled: Boolean(firmId) });

  // another account (or none) means another selection
  useEffect(() => ownedBy(userId), [userId, ownedBy]);

  // entering without a firm: the remembered one if it is still one of mine, or my only one, else the dialog
  useEffect(() => {
    if (!userId || owner !== userId || state.status !== 'none' || !employments.data) return;
    const firmId = firmToEnter(
      userId,
      employments.data.map((employment) => employment.firmId),
    );
    if (!firmId) return dispatch({ type: 'enter' });
    rememberFirm(userId, firmId);
    dispatch({ type: 'select', firmId });
  }, [userId, owner, state.status, employments.data, dispatch]);

  // a change loads the firm; a failed load clears the selection
  const dashFirmId = dash.data?.firm.id;
  useEffect(() => {
    if (!firmId) return;
    if (dash.status === 'success' && dashFirmId === firmId) dispatch({ type: 'loaded', firmId });
    if (dash.status === 'error') {
      dispatch({ type: 'failed', firmId });
      forgetFirm();
      queryClient.removeQueries({ queryKey: queryKeys.workspaceFirm(firmId) });
      if (userId) void queryClient.invalidateQueries({ queryKey: queryKeys.employments(userId) });
      const status = dash.error instanceof ApiError ? dash.error.status : 0;
      toast.warn(status === 403 || status === 404 ? t('selection.lost') : t('selection.failed'));
    }
  }, [firmId, dash.status, dashFirmId, dash.error, dispatch, queryClient, userId, t]);

  // a workspace read refused with 403 (removed from the team meanwhile, role changed): check the
  // firm again, whose refusal clears the selection
  useEffect(() => {
    if (!firmId) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const key = event.query.queryKey;
      if (key[0] !== 'workspace' || key[3] === 'dash' || !(event.action.error instanceof ApiError) || event.action.error.status !== 403)
        return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashFirm(firmId) });
    });
  }, [firmId, queryClient]);

  // the dashboard 401 rule: re-fetch the current firm once (marked as the retry), then retry the call
  useEffect(() => {
    if (!firmId) return;
    setDashboardRecovery(() =>
      queryClient.fetchQuery({ queryKey: queryKeys.dashFirm(firmId), queryFn: () => refetchDashFirm(firmId), staleTime: 0 }),
    );
    return () => setDashboardRecovery(null);
  }, [firmId, queryClient]);

  if (!userId) return null;
  if (employments.isError && state.status === 'none') {
    return (
      <section className={styles.blocked}>
        <p className={styles.blockedText} role="alert">
          {employments.error.message}
        </p>
        <Button onClick={() => void employments.refetch()}>{t('retry')}</Button>
      </section>
    );
  }
  // nobody's business yet: nothing to choose, so no dialog and no refusal, the way to create one
  if (employments.data?.length === 0 && !selectedFirmId(state)) return <FirstBusiness />;
  if (state.status === 'choosing') {
    return (
      <>
        <div className={styles.behindDialog} aria-hidden="true" />
        <SelectFirmDialog
          employments={employments.data ?? []}
          onSelect={(id) => {
            rememberFirm(userId, id);
            dispatch({ type: 'select', firmId: id });
          }}
          onDecline={() => dispatch({ type: 'decline' })}
        />
      </>
    );
  }
  if (state.status === 'denied') return <SelectionRequired onChoose={() => dispatch({ type: 'enter' })} />;
  if (!firmId || !dash.data || dashFirmId !== firmId) return <PageSpinner />;
  return (
    <SelectedFirmContext.Provider value={firmId}>
      <WorkspaceFrame />
    </SelectedFirmContext.Provider>
  );
}

function WorkspaceFrame() {
  const { t } = useTranslation('workspace');
  const workspace = useWorkspace();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = entryForPath(pathname);
  const access = current
    ? entryAccess(current.permission, current.entry.feature, workspace.employment.permissions, workspace.subscription.features)
    : ({ state: 'open' } as const);

  return (
    <div className={styles.frame}>
      <aside className={styles.sidebar} aria-label={t('shell.sidebar')}>
        <WorkspaceNavPanel workspace={workspace} />
      </aside>
      <div className={styles.content}>
        <div className={styles.topbar}>
          <span className={styles.topbarName}>{workspace.firm.name}</span>
          <Button variant="secondary" size="small" onClick={() => setMenuOpen(true)} aria-haspopup="dialog">
            <Menu size={18} aria-hidden="true" />
            {t('shell.menu')}
          </Button>
        </div>
        <Modal open={menuOpen} onClose={() => setMenuOpen(false)} title={t('shell.menu')} fullPage>
          <WorkspaceNavPanel workspace={workspace} onNavigate={() => setMenuOpen(false)} />
        </Modal>
        <div className={styles.page}>
          {current && access.state !== 'open' ? (
            <LockedPage area={current.entry.key} access={access} permission={current.permission} />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
