/**
 * Firm selection: none, then selected; a change loads the firm's data; a failed
 * load clears the selection; entering the workspace without one opens the select-or-create dialog;
 * declining it denies access. Pure, so every transition is unit-tested.
 *
 *   none ──enter──▶ choosing ──decline──▶ denied ──enter──▶ choosing
 *     │                │
 *     └──select──▶ loading ◀──select── (any state)
 *                     │ loaded            │ failed
 *                     ▼                   ▼
 *                   ready               none (cleared: the dialog comes back on entry)
 */
export type SelectionState =
  | { status: 'none' }
  | { status: 'choosing' }
  | { status: 'denied' }
  | { status: 'loading'; firmId: string }
  | { status: 'ready'; firmId: string };

export type SelectionEvent =
  | { type: 'enter' }
  | { type: 'select'; firmId: string }
  | { type: 'loaded'; firmId: string }
  | { type: 'failed'; firmId: string }
  | { type: 'decline' }
  | { type: 'clear' };

export const INITIAL_SELECTION: SelectionState = { status: 'none' };

export function selectionReducer(state: SelectionState, event: SelectionEvent): SelectionState {
  switch (event.type) {
    case 'select':
      if ((state.status === 'loading' || state.status === 'ready') && state.firmId === event.firmId) return state;
      return { status: 'loading', firmId: event.firmId };
    case 'loaded':
      // an answer for a firm that is no longer the selected one changes nothing
      return state.status === 'loading' && state.firmId === event.firmId ? { status: 'ready', firmId: event.firmId } : state;
    case 'failed':
      return (state.status === 'loading' || state.status === 'ready') && state.firmId === event.firmId ? { status: 'none' } : state;
    case 'enter':
      return state.status === 'none' || state.status === 'denied' ? { status: 'choosing' } : state;
    case 'decline':
      return state.status === 'choosing' ? { status: 'denied' } : state;
    case 'clear':
      return { status: 'none' };
  }
}

/** The firm the workspace works on, once chosen (loading or ready). */
export function selectedFirmId(state: SelectionState): string | undefined {
  return state.status === 'loading' || state.status === 'ready' ? state.firmId : undefined;
}
