import { useTranslation } from 'react-i18next';
import { useTableVisit } from '../../../lib/table-visit';
import { TableBadge } from '../../../components/ui/table-badge';

/** Above a firm's menu: the table the guest scanned at this firm, if any. */
export function FirmTableBadge({ firmId }: { firmId: string }) {
  const { t } = useTranslation('firm');
  const visit = useTableVisit(firmId);
  return visit ? <TableBadge caption={t('table.orderingFor')} label={visit.label} /> : null;
}
