import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoCode } from '../../../../shared/promotions';
import { Button } from '../../../components/ui/button';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { useFormatters } from '../../../lib/use-dates';
import { useWorkspace } from '../shell/workspace-context';
import { toastProblem } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import { PromoCodeForm } from './promo-code-form';
import { promotionsQuery, useDeactivatePromoCode } from './promotions-api';
import styles from './promotions.module.css';

const NS = 'workspace-promotions';

/** `workspace/promotions`: the firm's promo codes: a new one, and each with its uses so far. */
export function PromotionsPage() {
  const { t } = useTranslation([NS, 'workspace']);
  const { firmId } = useWorkspace();
  const codes = useQuery(promotionsQuery(firmId));
  usePageTitle(t('title'));
  return (
    <div className={ui.page}>
      <WorkspacePageHeader title={t('title')} lead={t('lead')} />
      <PromoCodeForm />
      <section aria-labelledby="promo-list-title" className={ui.panel}>
        <h2 id="promo-list-title" className={ui.panelTitle}>
          {t('list.title')}
        </h2>
        {codes.isError && <p className={ui.errorBox}>{t('list.failed')}</p>}
        {codes.data && codes.data.codes.length === 0 && <p className={ui.muted}>{t('list.empty')}</p>}
        {codes.data && codes.data.codes.length > 0 && <CodeTable codes={codes.data.codes} />}
      </section>
    </div>
  );
}

function CodeTable({ codes }: { codes: PromoCode[] }) {
  const { t } = useTranslation(NS);
  const { firmId, firm } = useWorkspace();
  const f = useFormatters();
  const deactivate = useDeactivatePromoCode(firmId);
  const when = (value: string | null) => (value ? f.dateTime(value, firm.timezone) : '—');
  const off = (code: PromoCode) =>
    code.kind === 'percent' ? t('list.percent', { value: code.value }) : f.money(code.value, code.currency);
  const scope = (code: PromoCode) => (code.targets.length ? code.targets.map((target) => target.name).join(', ') : t('list.wholeFirm'));
  const ask = async (code: PromoCode) => {
    const ok = await confirm({
      title: t('list.deactivateTitle', { code: code.code }),
      message: t('list.deactivateText'),
      okText: t('list.deactivate'),
      cancelText: t('list.cancel'),
      danger: true,
    });
    if (ok) deactivate.mutate(code.id, { onError: toastProblem(t) });
  };
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} data-testid="promo-codes">
        <thead>
          <tr>
            <th scope="col">{t('list.code')}</th>
            <th scope="col">{t('list.off')}</th>
            <th scope="col">{t('list.scope')}</th>
            <th scope="col">{t('list.window', { zone: firm.timezone })}</th>
            <th scope="col">{t('list.uses')}</th>
            <th scope="col">{t('list.rules')}</th>
            <th scope="col">{t('list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.id}>
              <td className={styles.code} dir="ltr">
                {code.code}
              </td>
              <td className={ui.nowrap}>{off(code)}</td>
              <td dir="auto">{scope(code)}</td>
              <td>
                {when(code.startsAt)} → {when(code.endsAt)}
              </td>
              <td className={ui.nowrap}>
                {code.usageLimit === null ? t('list.usesUnlimited', { uses: code.uses }) : `${code.uses} / ${code.usageLimit}`}
              </td>
              <td>
                {[
                  code.forFollowers ? t('list.followers', { count: code.sentTo }) : null,
                  code.oncePerCustomer ? t('list.once') : null,
                  code.minOrderMinor > 0 ? t('list.minimum', { amount: f.money(code.minOrderMinor, code.currency) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </td>
              <td>
                {code.active ? (
                  <Button
                    onClick={() => void ask(code)}
                    disabled={deactivate.isPending}
                    aria-label={t('list.deactivateCode', { code: code.code })}
                  >
                    {t('list.deactivate')}
                  </Button>
                ) : (
                  <span className={ui.badge}>{t('list.inactive')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
