import { useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../../lib/session';
import { rememberFirm, useSelectionStore } from './selection-store';

/** Selects a firm (remembered for next time) and goes to the workspace root (spec: Business list). */
export function useSelectFirm() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  return (firmId: string, to: string = '/workspace') => {
    if (!user) return;
    rememberFirm(user.id, firmId);
    const store = useSelectionStore.getState();
    store.ownedBy(user.id);
    store.dispatch({ type: 'select', firmId });
    void navigate({ to: to as '/workspace' });
  };
}
