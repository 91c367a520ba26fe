import { useState } from 'react';
import { SwitchRow } from '../../../components/ui/fields';
import { toast } from '../../../lib/toast-store';
import { useCatalogueMessages } from './catalogue-messages';
import ui from '../ui/workspace-ui.module.css';

/**
 * "Shown on your page": a menu or a product published, or kept in the workspace only. Only those
 * who may edit the catalogue see the switch; the others read the state.
 */
export function PublishSwitch({
  id,
  name,
  published,
  mayEdit,
  pending,
  onChange,
}: {
  id: string;
  name: string;
  published: boolean;
  mayEdit: boolean;
  pending: boolean;
  onChange: (published: boolean, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  const messages = useCatalogueMessages();
  const { t } = messages;
  // the switch moves at once; the saved state takes over once the change is saved (the firm's
  // reads are refreshed before the callbacks run), and a refused change puts it back
  const [moved, setMoved] = useState<boolean | null>(null);
  const shown = moved ?? published;
  if (!mayEdit) return <span className={ui.badge}>{published ? t('publish.shown') : t('publish.hidden')}</span>;
  return (
    <SwitchRow
      id={id}
      label={t('publish.label')}
      description={shown ? t('publish.shownHint') : t('publish.hiddenHint')}
      checked={shown}
      disabled={pending}
      onChange={(next) => {
        setMoved(next);
        onChange(next, {
          onSuccess: () => {
            setMoved(null);
            toast.success(t(next ? 'publish.published' : 'publish.unpublished', { name }));
          },
          onError: (error) => {
            setMoved(null);
            toast.error(messages.problem(error));
          },
        });
      }}
    />
  );
}
