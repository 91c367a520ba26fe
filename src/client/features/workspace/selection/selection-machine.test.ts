import { describe, expect, it } from 'vitest';
import { INITIAL_SELECTION, selectedFirmId, selectionReducer, type SelectionEvent, type SelectionState } from './selection-machine';

const run = (...events: SelectionEvent[]) => events.reduce<SelectionState>(selectionReducer, INITIAL_SELECTION);

describe('the firm selection state machine', () => {
  it('starts with none and loads the firm a selection names', () => {
    expect(INITIAL_SELECTION).toEqual({ status: 'none' });
    expect(run({ type: 'select', firmId: 'f1' })).toEqual({ status: 'loading', firmId: 'f1' });
    expect(run({ type: 'select', firmId: 'f1' }, { type: 'loaded', firmId: 'f1' })).toEqual({ status: 'ready', firmId: 'f1' });
  });

  it('loads again when the selection changes, and ignores the answer of the previous firm', () => {
    const changed = run({ type: 'select', firmId: 'f1' }, { type: 'loaded', firmId: 'f1' }, { type: 'select', firmId: 'f2' });
    expect(changed).toEqual({ status: 'loading', firmId: 'f2' });
    expect(selectionReducer(changed, { type: 'loaded', firmId: 'f1' })).toBe(changed);
    expect(selectionReducer(changed, { type: 'failed', firmId: 'f1' })).toBe(changed);
    // the same firm again is not a change
    const ready = run({ type: 'select', firmId: 'f1' }, { type: 'loaded', firmId: 'f1' });
    expect(selectionReducer(ready, { type: 'select', firmId: 'f1' })).toBe(ready);
  });

  it('clears the selection when the load fails (removed from the team, firm gone)', () => {
    expect(run({ type: 'select', firmId: 'f1' }, { type: 'failed', firmId: 'f1' })).toEqual({ status: 'none' });
    expect(run({ type: 'select', firmId: 'f1' }, { type: 'loaded', firmId: 'f1' }, { type: 'failed', firmId: 'f1' })).toEqual({
      status: 'none',
    });
  });

  it('asks to select or create on entry without a firm; declining denies access until the next entry', () => {
    expect(run({ type: 'enter' })).toEqual({ status: 'choosing' });
    const denied = run({ type: 'enter' }, { type: 'decline' });
    expect(denied).toEqual({ status: 'denied' });
    expect(selectedFirmId(denied)).toBeUndefined();
    expect(selectionReducer(denied, { type: 'enter' })).toEqual({ status: 'choosing' });
    expect(run({ type: 'enter' }, { type: 'select', firmId: 'f3' })).toEqual({ status: 'loading', firmId: 'f3' });
    // entering with a firm already chosen asks nothing
    const ready = run({ type: 'select', firmId: 'f1' }, { type: 'loaded', firmId: 'f1' });
    expect(selectionReducer(ready, { type: 'enter' })).toBe(ready);
    expect(selectionReducer(ready, { type: 'decline' })).toBe(ready);
  });

  it('forgets everything on clear (logout, another account)', () => {
    expect(run({ type: 'select', firmId: 'f1' }, { type: 'clear' })).toEqual({ status: 'none' });
    expect(selectedFirmId(run({ type: 'select', firmId: 'f9' }))).toBe('f9');
  });
});
