import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TableBadge } from '../../../components/ui/table-badge';
import { TABLE_PARAM, useTableVisit } from '../../../lib/table-visit';

/**
 * Above a firm's menu: the table the guest scanned at this firm, if any. Opened from a table's code
 * (`?table=`), it looks the table up first; that code loads only then, out of the firm page's own.
 */
export function FirmTableBadge({ firmId }: { firmId: string }) {
  const { t } = useTranslation('firm');
  const visit = useTableVisit(firmId);
  const unknownText = t('table.unknown');
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get(TABLE_PARAM);
    if (token) void import('../open-table').then(({ openTable }) => openTable(token, firmId, unknownText));
  }, [firmId, unknownText]);
  return visit ? <TableBadge caption={t('table.orderingFor')} label={visit.label} /> : null;
}
