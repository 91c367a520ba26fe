import { useState } from 'react';

/**
 * An editor's draft and its field errors: `set` changes one field and clears its error and the
 * form's (`errorKey` names the error of a field the server calls otherwise, e.g. image → imagePath).
 */
export function useEditorDraft<Draft extends object>(initial: Draft, errorKey: (field: keyof Draft) => string = String) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [errorKey(field)]: '', form: '' }));
  };
  return { draft, setDraft, errors, setErrors, set };
}
