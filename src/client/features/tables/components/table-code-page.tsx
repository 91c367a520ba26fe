import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QrCode } from 'lucide-react';
import { QR_SOURCE } from '../../../../shared/page-views';
import { NoData } from '../../../components/feedback/no-data';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { getTableVisit } from '../api/get-table-visit';
import { keepTableVisit } from '../../../lib/table-visit';

/**
 * `/t/{token}`: what a table's printed code opens. The table is looked up, kept for the visit, and
 * the firm's page opens in its place (counted as a scan of the firm's code); a removed table's
 * code says so.
 */
export function TableCodePage({ token }: { token: string }) {
  const { t } = useTranslation('firm');
  const navigate = useNavigate();
  const [unknown, setUnknown] = useState(false);
  useEffect(() => {
    let current = true;
    getTableVisit(token)
      .then((visit) => {
        if (!current) return;
        keepTableVisit({ token, label: visit.label, firmId: visit.firm.id, counterPayment: visit.counterPayment });
        void navigate({ href: `/${visit.firm.username}?src=${QR_SOURCE}`, replace: true });
      })
      .catch(() => current && setUnknown(true));
    return () => {
      current = false;
    };
  }, [token, navigate]);
  return unknown ? <NoData icon={QrCode} message={t('table.unknown')} /> : <PageSpinner />;
}
