import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { isolate } from '../../../../shared/bidi';
import { promoCodeInputSchema, type PromoCodeInput, type PromoKind, type PromoTargetOptions } from '../../../../shared/promotions';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useFormMessages } from '../../../lib/form-messages';
import { fromWallClock } from '../events/event-form-values';
import { useWorkspace } from '../shell/workspace-context';
import { FormProblem, SelectField } from '../ui/form-controls';
import { MoneyInput } from '../ui/money-input';
import { problemMessage } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import { promotionTargetsQuery, useCreatePromoCode } from './promotions-api';
import styles from './promotions.module.css';

const NS = 'workspace-promotions';

interface Draft {
  code: string;
  kind: PromoKind;
  percent: string;
  amount: number;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  forFollowers: boolean;
  minOrder: number;
  wholeFirm: boolean;
  events: string[];
  tiers: string[];
  products: string[];
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: Number.NaN,
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  oncePerCustomer: true,
  forFollowers: false,
  minOrder: 0,
  wholeFirm: true,
  events: [],
  tiers: [],
  products: [],
};

/** Whether the tier's event is chosen whole. */
const chosenEventOf = (tierId: string, draft: Draft, options: PromoTargetOptions | undefined) =>
  options?.events.some((event) => draft.events.includes(event.id) && event.tiers.some((tier) => tier.id === tierId)) ?? false;

/** The draft as the API takes it (times from the firm's wall clock); the shared schema judges it. */
function inputOf(draft: Draft, timeZone: string, options: PromoTargetOptions | undefined): Record<string, unknown> {
  return {
    code: draft.code,
    kind: draft.kind,
    value: draft.kind === 'percent' ? Number(draft.percent || Number.NaN) : draft.amount,
    startsAt: fromWallClock(draft.startsAt, timeZone),
    endsAt: fromWallClock(draft.endsAt, timeZone),
    usageLimit: draft.usageLimit.trim() ? Number(draft.usageLimit) : null,
    oncePerCustomer: draft.oncePerCustomer,
    forFollowers: draft.forFollowers,
    minOrderMinor: Number.isFinite(draft.minOrder) ? draft.minOrder : Number.NaN,
    targets: draft.wholeFirm
      ? { events: [], tiers: [], products: [] }
      : // a tier of a chosen event is covered by its event already
        { events: draft.events, tiers: draft.tiers.filter((id) => !chosenEventOf(id, draft, options)), products: draft.products },
  };
}

const toggled = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** A new promo code: its text, what it takes off, what it applies to, when, how often, from which order. */
export function PromoCodeForm() {
  const { t } = useTranslation([NS, 'workspace']);
  const { firmId, firm } = useWorkspace();
  const fieldMessage = useFormMessages(NS);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [created, setCreated] = useState<string>();
  const options = useQuery(promotionTargetsQuery(firmId)).data;
  const create = useCreatePromoCode(firmId);
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setCreated(undefined);
  };
  const zone = t('form.zone', { zone: firm.timezone });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = inputOf(draft, firm.timezone, options);
    const parsed = promoCodeInputSchema.safeParse(input);
    const chosenNothing = !draft.wholeFirm && draft.events.length + draft.tiers.length + draft.products.length === 0;
    if (!parsed.success || chosenNothing) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = String(issue.path[0]);
        next[field] ??= fieldMessage.ofIssue(issue, t(`form.${field}`), input[field]);
      }
      if (chosenNothing) next.targets = t('form.chooseTargets');
      setErrors(next);
      return;
    }
    setErrors({});
    setProblem(undefined);
    create.mutate(parsed.data as PromoCodeInput, {
      onSuccess: (code) => {
        setDraft(EMPTY);
        setCreated(code.code);
      },
      onError: (failure) =>
        failure instanceof ApiError && failure.code === 'promo_code_taken'
          ? setErrors({ code: t('form.taken') })
          : setProblem(problemMessage(t, failure)),
    });
  };

  return (
    <form className={`${ui.panel} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="promo-new-title">
      <h2 id="promo-new-title" className={ui.panelTitle}>
        {t('form.title')}
      </h2>
      <div className={styles.grid}>
        <TextField
          id="promo-code"
          label={t('form.code')}
          value={draft.code}
          error={errors.code}
          hint={t('form.codeHint')}
          autoComplete="off"
          onChange={(e) => set({ code: e.target.value })}
        />
        <SelectField id="promo-kind" label={t('form.kind')} value={draft.kind} onChange={(e) => set({ kind: e.target.value as PromoKind })}>
          <option value="percent">{t('kind.percent')}</option>
          <option value="amount">{t('kind.amount', { currency: firm.currency })}</option>
        </SelectField>
        {draft.kind === 'percent' ? (
          <TextField
            id="promo-value"
            label={t('form.percent')}
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            value={draft.percent}
            error={errors.value}
            onChange={(e) => set({ percent: e.target.value })}
          />
        ) : (
          <MoneyInput
            id="promo-value"
            label={t('form.amount')}
            currency={firm.currency}
            value={draft.amount}
            error={errors.value}
            onChange={(amount) => set({ amount })}
          />
        )}
        <TextField
          id="promo-starts"
          label={t('form.startsAt')}
          type="datetime-local"
          value={draft.startsAt}
          hint={zone}
          error={errors.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
        />
        <TextField
          id="promo-ends"
          label={t('form.endsAt')}
          type="datetime-local"
          value={draft.endsAt}
          hint={zone}
          error={errors.endsAt}
          onChange={(e) => set({ endsAt: e.target.value })}
        />
        <TextField
          id="promo-limit"
          label={t('form.usageLimit')}
          type="number"
          min={1}
          inputMode="numeric"
          value={draft.usageLimit}
          hint={t('form.usageLimitHint')}
          error={errors.usageLimit}
          onChange={(e) => set({ usageLimit: e.target.value })}
        />
        <MoneyInput
          id="promo-minimum"
          label={t('form.minOrderMinor')}
          currency={firm.currency}
          value={draft.minOrder}
          error={errors.minOrderMinor}
          hint={t('form.minOrderHint')}
          onChange={(minOrder) => set({ minOrder })}
        />
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={draft.oncePerCustomer} onChange={(e) => set({ oncePerCustomer: e.target.checked })} />
        {t('form.oncePerCustomer')}
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.forFollowers}
          aria-describedby="promo-followers-hint"
          onChange={(e) => set({ forFollowers: e.target.checked })}
        />
        {t('form.forFollowers')}
      </label>
      <p id="promo-followers-hint" className={ui.muted}>
        {t('form.forFollowersHint')}
      </p>
      <fieldset className={styles.scope}>
        <legend className={styles.legend}>{t('form.scope')}</legend>
        <label className={styles.check}>
          <input type="radio" name="promo-scope" checked={draft.wholeFirm} onChange={() => set({ wholeFirm: true })} />
          {t('form.wholeFirm')}
        </label>
        <label className={styles.check}>
          <input type="radio" name="promo-scope" checked={!draft.wholeFirm} onChange={() => set({ wholeFirm: false })} />
          {t('form.chosen')}
        </label>
        {!draft.wholeFirm && (
          <div className={styles.targets}>
            <fieldset className={styles.targetList}>
              <legend className={styles.legend}>{t('form.events')}</legend>
              {options?.events.length === 0 && <p className={ui.muted}>{t('form.none')}</p>}
              {options?.events.map((event) => (
                <div key={event.id} className={styles.targetList}>
                  <TargetCheck
                    name={event.name}
                    checked={draft.events.includes(event.id)}
                    onToggle={() => set({ events: toggled(draft.events, event.id) })}
                  />
                  {event.tiers.length > 0 && (
                    <fieldset className={`${styles.targetList} ${styles.tiers}`}>
                      <legend className={ui.muted}>{t('form.tiersOf', { event: isolate(event.name) })}</legend>
                      {event.tiers.map((tier) => (
                        <TargetCheck
                          key={tier.id}
                          name={tier.name}
                          // the whole event covers its tiers: they show it, and wait for the event to be unticked
                          checked={draft.events.includes(event.id) || draft.tiers.includes(tier.id)}
                          disabled={draft.events.includes(event.id)}
                          onToggle={() => set({ tiers: toggled(draft.tiers, tier.id) })}
                        />
                      ))}
                    </fieldset>
                  )}
                </div>
              ))}
            </fieldset>
            <fieldset className={styles.targetList}>
              <legend className={styles.legend}>{t('form.products')}</legend>
              {options?.products.length === 0 && <p className={ui.muted}>{t('form.none')}</p>}
              {options?.products.map((product) => (
                <TargetCheck
                  key={product.id}
                  name={product.name}
                  checked={draft.products.includes(product.id)}
                  onToggle={() => set({ products: toggled(draft.products, product.id) })}
                />
              ))}
            </fieldset>
          </div>
        )}
        {errors.targets && (
          <p className={ui.errorBox} role="alert">
            {errors.targets}
          </p>
        )}
      </fieldset>
      <FormProblem message={problem} />
      {created && (
        <p role="status" className={ui.notice}>
          {t('form.created', { code: created })}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          <Plus size={18} aria-hidden="true" />
          {t('form.create')}
        </Button>
      </div>
    </form>
  );
}

function TargetCheck({ name, checked, disabled, onToggle }: { name: string; checked: boolean; disabled?: boolean; onToggle: () => void }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={onToggle} />
      <bdi>{name}</bdi>
    </label>
  );
}
