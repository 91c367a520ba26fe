import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/guards';
import { CreateFirmPage } from '../features/workspace/create-firm/create-firm-page';
import { loadFeatureFlags, useFeatureFlagStore } from '../lib/feature-flags';
import { isFeatureEnabled } from '../../shared/feature-flags';
import { useMaintenanceWhenOff } from '../lib/use-maintenance-when-off';

/** `/create-firm`: login and the CREATE_FIRM flag; switched off (at start or while open), the maintenance page says so. */
export const Route = createFileRoute('/create-firm')({
  beforeLoad: async ({ location }) => {
    await requireSignedIn({ location });
    await loadFeatureFlags();
    if (!isFeatureEnabled(useFeatureFlagStore.getState().flags, 'CREATE_FIRM')) {
      throw redirect({ to: '/maintenance', search: { feature: 'CREATE_FIRM' } });
    }
  },
  component: CreateFirmRoute,
});

function CreateFirmRoute() {
  useMaintenanceWhenOff('CREATE_FIRM');
  return <CreateFirmPage />;
}
