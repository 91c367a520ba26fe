import { createContext, useContext } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { can, type Permission } from '../../../../shared/permissions';
import { canCreate, isEnabled, type PlanFeatureKey } from '../../../../shared/plans';
import type { DashFirm } from '../../../../shared/workspace';
import { dashFirmQuery } from '../api/get-dash-firm';

/** The selected firm's id, provided by the workspace layout once dash-firm has loaded. */
export const SelectedFirmContext = createContext<string | null>(null);

/**
 * What every workspace page needs: the selected firm's dashboard data (firm, my employment, the plan
 * with its usage), always fresh from the query cache, and the checks the pages make with it.
 *
 *   const { firm, employment, can, canCreate } = useWorkspace();
 *   if (!canCreate('CREATE_EVENT')) …offer the upgrade
 */
export function useWorkspace() {
  const firmId = useContext(SelectedFirmContext);
  if (!firmId) throw new Error('useWorkspace() outside the workspace layout');
  const { data } = useSuspenseQuery(dashFirmQuery(firmId));
  return workspaceView(data);
}

export function workspaceView(dash: DashFirm) {
  const features = dash.subscriptionInfoDto.features;
  return {
    firmId: dash.firm.id,
    firm: dash.firm,
    employment: dash.employment,
    subscription: dash.subscriptionInfoDto,
    /** my role holds this permission of the matrix */
    can: (permission: Permission) => can(dash.employment.userRole, permission),
    /** The plan allows one more of this */
    canCreate: (featureKey: PlanFeatureKey) => canCreate(features, featureKey),
    /** the plan switches this area on */
    hasFeature: (featureKey: PlanFeatureKey) => isEnabled(features, featureKey),
  };
}
export type WorkspaceView = ReturnType<typeof workspaceView>;
