import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promoCheckSchema, type PromoTerms } from '../../../shared/promotions';
import { apiRequest } from '../../lib/api-client';
import { checkoutMessage } from '../../lib/checkout';
import { Button } from '../ui/button';
import styles from './promo-code-field.module.css';

const checkPromo = (body: { firmId: string; code: string }) =>
  apiRequest<PromoTerms>('/api/user/promo-codes/check', { method: 'POST', body });

/**
 * A promo code typed in the purchase form or the cart: Apply asks the server whether the buyer may use
 * it now and what it does; the form then shows its discount on its lines (src/shared/promotions.ts),
 * and checkout judges it again. `misfit` is the form's own reason it does not fit the lines.
 */
export function PromoCodeField({
  firmId,
  terms,
  misfit,
  onTerms,
  checkCode = checkPromo,
  disabled = false,
}: {
  firmId: string;
  terms: PromoTerms | null;
  misfit: string | null;
  onTerms: (terms: PromoTerms | null) => void;
  /** who checks the code: the buyer's own check, unless the till asks for its customer */
  checkCode?: (body: { firmId: string; code: string }) => Promise<PromoTerms>;
  /** a code cannot be applied now (the till is offline) */
  disabled?: boolean;
}) {
  const { t } = useTranslation('tickets');
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({ mutationFn: checkCode, meta: { suppressToast: true } });

  const apply = () => {
    const parsed = promoCheckSchema.safeParse({ firmId, code: text });
    if (!parsed.success) {
      setProblem(t('promo.invalid'));
      return;
    }
    setProblem(null);
    check.mutate(parsed.data, { onSuccess: onTerms, onError: (error) => setProblem(checkoutMessage(error, t)) });
  };
  const remove = () => {
    onTerms(null);
    setText('');
  };

  return (
    <div className={styles.field} data-testid="promo-code">
      <label className={styles.label} htmlFor={`${id}-code`}>
        {t('promo.label')}
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-code`}
          className={styles.input}
          dir="ltr"
          autoComplete="off"
          value={terms ? terms.code : text}
          readOnly={terms !== null}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            // Enter applies the code; it never submits the purchase
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!terms) apply();
            }
          }}
        />
        {terms ? (
          <Button onClick={remove}>{t('promo.remove')}</Button>
        ) : (
          <Button onClick={apply} disabled={disabled || check.isPending || !text.trim()}>
            {t('promo.apply')}
          </Button>
        )}
      </div>
      <div id={`${id}-status`} aria-live="polite">
        {terms && !misfit && <p className={styles.applied}>{t('promo.applied', { code: terms.code })}</p>}
        {(problem ?? misfit) && (
          <p className={styles.problem} role="alert" data-testid="promo-problem">
            {problem ?? misfit}
          </p>
        )}
      </div>
    </div>
  );
}

/** The form's words for why a usable code does not fit its lines. */
export function promoMisfitText(
  t: (key: string, options?: Record<string, unknown>) => string,
  misfit: 'promo_not_applicable' | 'promo_below_minimum' | null,
  minimum: string,
): string | null {
  if (misfit === 'promo_not_applicable') return t('promo.notApplicable');
  if (misfit === 'promo_below_minimum') return t('promo.belowMinimum', { amount: minimum });
  return null;
}
