import { useTranslation } from 'react-i18next';
import { Ban } from 'lucide-react';
import type { FirmFollower } from '../../../../shared/firm-followers';
import { Button } from '../../../components/ui/button';
import { afterMutation } from '../../../lib/after-mutation';
import { confirm } from '../../../lib/confirm-store';
import { toast } from '../../../lib/toast-store';
import { useRestriction } from '../api/followers';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { AudienceHeader, PeopleList, useAudience } from './audience';

const TEXTS = { searchLabel: 'search.label', empty: 'empty.all', emptySearch: 'empty.search', count: 'count', since: 'since' };

/** `workspace/followers`: who follows the business (name, flip, since), searchable, paged; managers may restrict one. */
export function FollowersPage() {
  const { t } = useTranslation('workspace-followers');
  const workspace = useWorkspace();
  const audience = useAudience('followers');
  const restriction = useRestriction(workspace.firmId);

  const restrict = async (person: FirmFollower) => {
    const ok = await confirm({
      title: t('restrict.title', { name: person.name }),
      message: t('restrict.text', { name: person.name }),
      okText: t('restrict.ok'),
      cancelText: t('restrict.cancel'),
      danger: true,
    });
    if (!ok) return;
    afterMutation(restriction.mutateAsync({ userId: person.id, restricted: true }), {
      onSuccess: () => toast.success(t('restrict.done', { name: person.name })),
    });
  };

  return (
    <div className={ui.page}>
      <AudienceHeader title={t('title')} lead={t('lead')} />
      <PeopleList
        audience={audience}
        texts={TEXTS}
        actions={
          workspace.can('audience.manage')
            ? (person) => (
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => void restrict(person)}
                  aria-label={t('restrict.named', { name: person.name })}
                >
                  <Ban size={16} aria-hidden="true" />
                  {t('restrict.ok')}
                </Button>
              )
            : undefined
        }
      />
    </div>
  );
}
