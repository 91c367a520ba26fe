import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { afterMutation } from '../../../lib/after-mutation';
import { toast } from '../../../lib/toast-store';
import { useRestriction } from '../api/followers';
import { useWorkspace } from '../shell/workspace-context';
import ui from '../ui/workspace-ui.module.css';
import { AudienceHeader, PeopleList, useAudience } from './audience';

const TEXTS = {
  searchLabel: 'restricted.searchLabel',
  empty: 'restricted.empty',
  emptySearch: 'restricted.emptySearch',
  count: 'restricted.count',
  since: 'restricted.on',
};

/** `workspace/followers/restricted`: the people the firm keeps from following it and writing to it; managers lift it. */
export function RestrictedPage() {
  const { t } = useTranslation('workspace-followers');
  const workspace = useWorkspace();
  const audience = useAudience('restricted');
  const restriction = useRestriction(workspace.firmId);

  return (
    <div className={ui.page}>
      <AudienceHeader title={t('restricted.title')} lead={t('restricted.lead')} />
      <PeopleList
        audience={audience}
        texts={TEXTS}
        actions={
          workspace.can('audience.manage')
            ? (person) => (
                <Button
                  size="small"
                  disabled={restriction.isPending}
                  aria-label={t('restricted.liftNamed', { name: person.name })}
                  onClick={() =>
                    afterMutation(restriction.mutateAsync({ userId: person.id, restricted: false }), {
                      onSuccess: () => toast.success(t('restricted.lifted', { name: person.name })),
                    })
                  }
                >
                  {t('restricted.lift')}
                </Button>
              )
            : undefined
        }
      />
    </div>
  );
}
