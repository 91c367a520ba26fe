import { create } from 'zustand';
import { getStored, hashString, removeStored, setStored, STORAGE_KEYS } from '../../../lib/signed-storage';
import { INITIAL_SELECTION, selectionReducer, type SelectionEvent, type SelectionState } from './selection-machine';

interface SelectionStore {
  /** whose selection this is: another account on the device starts with none */
  userId: string | null;
  state: SelectionState;
  dispatch(event: SelectionEvent): void;
  /** the signed-in user changed (or signed out): forget what the previous one chose */
  ownedBy(userId: string | null): void;
}

/** The selection as it lives in memory; `rememberFirm` keeps it across visits. */
export const useSelectionStore = create<SelectionStore>((set) => ({
  userId: null,
  state: INITIAL_SELECTION,
  dispatch: (event) => set((store) => ({ state: selectionReducer(store.state, event) })),
  ownedBy: (userId) => set((store) => (store.userId === userId ? store : { userId, state: INITIAL_SELECTION })),
}));

/**
 * The selected firm is kept in signed storage ("selected firm (hashed)"), and only
 * as a hash of the user and the firm: the device keeps no firm id in the clear, and the value
 * means nothing to another account. It is matched against the user's employments on return.
 */
const selectionHash = (userId: string, firmId: string) => hashString(`souk/selected-firm|${userId}|${firmId}`);

export function rememberFirm(userId: string, firmId: string): void {
  setStored(STORAGE_KEYS.selectedFirm, selectionHash(userId, firmId));
}

export function forgetFirm(): void {
  removeStored(STORAGE_KEYS.selectedFirm);
}

/** The remembered firm among the user's employments, if it is still one of them. */
export function rememberedFirm(userId: string, firmIds: readonly string[]): string | undefined {
  const stored = getStored<string>(STORAGE_KEYS.selectedFirm);
  if (typeof stored !== 'string') return undefined;
  return firmIds.find((firmId) => selectionHash(userId, firmId) === stored);
}

/**
 * The firm to open the workspace on without asking: the remembered one, or the only one someone works for
 * (a dialog offering one choice is a step for nothing). Undefined means the dialog asks.
 */
export function firmToEnter(userId: string, firmIds: readonly string[]): string | undefined {
  return rememberedFirm(userId, firmIds) ?? (firmIds.length === 1 ? firmIds[0] : undefined);
}
