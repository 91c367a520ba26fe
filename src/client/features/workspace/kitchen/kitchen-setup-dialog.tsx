import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KITCHEN_STATIONS, type KitchenStation } from '../../../../shared/kitchen';
import { SelectField, SwitchRow } from '../../../components/ui/fields';
import { Modal } from '../../../components/ui/modal';
import { kitchenSetupQuery, useChangeKitchenSetup } from '../api/kitchen';
import { useWorkspace } from '../shell/workspace-context';
import styles from './kitchen.module.css';
import { TimersForm } from './timers-form';

/**
 * The kitchen's setup: whether guests may order the menu's dishes (owners), and when the timers
 * turn amber and red and the station each menu section's dishes go to (owners and managers). The
 * switch and the stations are saved at once, the timers with their button.
 */
export function KitchenSetupDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('workspace-kitchen');
  const { firmId, can } = useWorkspace();
  const setup = useQuery(kitchenSetupQuery(firmId));
  const change = useChangeKitchenSetup(firmId);
  return (
    <Modal open onClose={onClose} title={t('setup.title')}>
      {setup.data ? (
        <div className={styles.setup}>
          <SwitchRow
            id="kitchen-takes-orders"
            label={t('setup.takesOrders')}
            description={t('setup.takesOrdersHint')}
            checked={setup.data.takesOrders}
            disabled={!can('firm.settings') || change.isPending}
            onChange={(takesOrders) => change.mutateAsync({ takesOrders })}
          />
          <TimersForm
            timers={setup.data.timers}
            disabled={!can('catalogue.edit') || change.isPending}
            onSave={(timers) => change.mutate({ timers })}
          />
          {change.isSuccess && 'timers' in change.variables && (
            <p className={styles.muted} role="status">
              {t('setup.timersSaved')}
            </p>
          )}
          <h3 className={styles.panelTitle}>{t('setup.stations')}</h3>
          {setup.data.sections.length === 0 && <p className={styles.muted}>{t('setup.noSections')}</p>}
          {setup.data.sections.map((section) => (
            <SelectField
              key={section.id}
              id={`station-${section.id}`}
              label={section.name ? `${section.menuName} · ${section.name}` : section.menuName}
              value={section.station}
              disabled={!can('catalogue.edit') || change.isPending}
              onChange={(event) => change.mutate({ sectionId: section.id, station: event.target.value as KitchenStation })}
            >
              {KITCHEN_STATIONS.map((station) => (
                <option key={station} value={station}>
                  {t(`station.${station}`)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      ) : (
        <p className={styles.muted}>{t('setup.loading')}</p>
      )}
    </Modal>
  );
}
