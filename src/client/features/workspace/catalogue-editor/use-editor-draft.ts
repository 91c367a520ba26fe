import { useCallback, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';

/**
 * An editor's draft and its field errors: `set` changes one field and clears its error and the
 * form's (`errorKey` names the error of a field the server calls otherwise, e.g. image → imagePath).
 * A draft that differs from what was last saved is guarded against leaving (lib/unsaved-changes.ts);
 * `markSaved` says the draft is saved (or deleted), also for the navigation that follows at once.
 * `set` is the same function on every render (`errorKey`, a fixed mapping of names, is read once), so the parts of an
 * editor that a keystroke in another field does not change can skip its render (memo).
 */
export function useEditorDraft<Draft extends object>(initial: Draft, errorKey: (field: keyof Draft) => string = String) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [keyOf] = useState(() => errorKey);
  const allowLeaving = useUnsavedChangesGuard(JSON.stringify(draft), JSON.stringify(saved));
  const set = useCallback(
    <K extends keyof Draft>(field: K, value: Draft[K]) => {
      setDraft((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [keyOf(field)]: '', form: '' }));
    },
    [keyOf],
  );
  const markSaved = () => {
    allowLeaving();
    setSaved(draft);
  };
  return { draft, setDraft, errors, setErrors, set, markSaved };
}
