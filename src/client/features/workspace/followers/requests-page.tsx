import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmFollower } from '../../../../shared/firm-followers';
import { Button } from '../../../components/ui/button';
import { afterMutation } from '../../../lib/after-mutation';
import { toast } from '../../../lib/toast-store';
import { useAnswerRequests, useFollowApproval } from '../api/followers';
import { useWorkspace } from '../shell/workspace-context';
import { SettingToggle } from '../ui/setting-toggle';
import ui from '../ui/workspace-ui.module.css';
import { AudienceHeader, PeopleList, useAudience } from './audience';
import styles from './followers.module.css';

const TEXTS = {
  searchLabel: 'requests.searchLabel',
  empty: 'requests.empty',
  emptySearch: 'requests.emptySearch',
  count: 'requests.count',
  since: 'requests.asked',
};

/**
 * `workspace/followers/requests`: who asks to follow a firm that approves its followers; managers
 * approve or decline one, or the ones they select.
 */
export function RequestsPage() {
  const { t } = useTranslation('workspace-followers');
  const workspace = useWorkspace();
  const audience = useAudience('requests');
  const answerRequests = useAnswerRequests(workspace.firmId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const mayAnswer = workspace.can('audience.manage');
  const approval = useFollowApproval(workspace.firmId);
  const approving = workspace.firm.approveFollowers;

  const answer = (kind: 'approve' | 'decline', userIds: string[]) =>
    afterMutation(answerRequests.mutateAsync({ answer: kind, userIds }), {
      onSuccess: ({ answered }) => {
        setSelected((current) => new Set([...current].filter((id) => !userIds.includes(id))));
        toast.success(t(kind === 'approve' ? 'requests.approved' : 'requests.declined', { count: answered }));
      },
    });
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const toolbar = (people: FirmFollower[]) => {
    const onPage = people.map((person) => person.id);
    const chosen = onPage.filter((id) => selected.has(id));
    const all = chosen.length === onPage.length;
    return (
      <div className={styles.toolbar}>
        <label>
          <input type="checkbox" className={styles.check} checked={all} onChange={() => setSelected(all ? new Set() : new Set(onPage))} />
          {t('requests.selectPage')}
        </label>
        <span className={ui.muted} aria-live="polite">
          {t('requests.selected', { count: chosen.length })}
        </span>
        <Button
          size="small"
          variant="primary"
          disabled={chosen.length === 0 || answerRequests.isPending}
          onClick={() => answer('approve', chosen)}
        >
          {t('requests.approveSelected')}
        </Button>
        <Button size="small" disabled={chosen.length === 0 || answerRequests.isPending} onClick={() => answer('decline', chosen)}>
          {t('requests.declineSelected')}
        </Button>
      </div>
    );
  };

  return (
    <div className={ui.page}>
      <AudienceHeader title={t('requests.title')} lead={approving ? t('requests.leadOn') : t('requests.leadOff')} />
      {mayAnswer && (
        <div className={ui.panel}>
          <SettingToggle
            checked={approving}
            disabled={approval.isPending}
            onChange={(approveFollowers) =>
              afterMutation(approval.mutateAsync({ approveFollowers }), {
                onSuccess: () => toast.success(t(approveFollowers ? 'requests.switchedOn' : 'requests.switchedOff')),
              })
            }
            label={t('requests.switch')}
            state={approving ? t('requests.switchOn') : t('requests.switchOff')}
          />
        </div>
      )}
      <PeopleList
        audience={audience}
        texts={TEXTS}
        select={mayAnswer ? { selected, toggle } : undefined}
        toolbar={mayAnswer ? toolbar : undefined}
        actions={
          mayAnswer
            ? (person) => (
                <>
                  <Button
                    size="small"
                    variant="primary"
                    disabled={answerRequests.isPending}
                    aria-label={t('requests.approveNamed', { name: person.name })}
                    onClick={() => answer('approve', [person.id])}
                  >
                    {t('requests.approve')}
                  </Button>
                  <Button
                    size="small"
                    disabled={answerRequests.isPending}
                    aria-label={t('requests.declineNamed', { name: person.name })}
                    onClick={() => answer('decline', [person.id])}
                  >
                    {t('requests.decline')}
                  </Button>
                </>
              )
            : undefined
        }
      />
    </div>
  );
}
