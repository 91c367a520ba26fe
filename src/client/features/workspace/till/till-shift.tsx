import { memo, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TillShift } from '../../../../shared/till-shifts';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/use-dates';
import { tillShiftQuery, useTillShiftAction } from '../api/till-shifts';
import { MoneyInput } from '../ui/money-input';
import { TillShiftReportView } from './till-shift-report';
import styles from './till.module.css';

type Panel = 'none' | 'move' | 'close';

/** The shift's bar above the till: open one with a float, move cash in or out, close it with the cash counted. */
/** Kept from drawing again while the sale changes: its props are the firm's and the connection's. */
export const TillShiftBar = memo(function TillShiftBar({
  firmId,
  currency,
  timezone,
  online,
  canReadReports,
}: {
  firmId: string;
  currency: string;
  timezone: string;
  online: boolean;
  canReadReports: boolean;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const state = useQuery(tillShiftQuery(firmId));
  const action = useTillShiftAction(firmId);
  const [panel, setPanel] = useState<Panel>('none');
  const [closed, setClosed] = useState<string | null>(null);
  const problem = action.error ? shiftProblem(action.error, t) : null;

  if (closed) {
    return canReadReports ? (
      <TillShiftReportView firmId={firmId} shiftId={closed} timezone={timezone} onDone={() => setClosed(null)} />
    ) : (
      <section className={styles.shift} role="status" data-testid="till-shift">
        <p>{t('shift.closedForStaff')}</p>
        <Button size="small" onClick={() => setClosed(null)}>
          {t('shift.done')}
        </Button>
      </section>
    );
  }
  if (!state.data) return null;
  const shift = state.data.shift;
  const run = (next: Parameters<typeof action.mutate>[0], after?: (shift: TillShift) => void) =>
    action.mutate(next, {
      onSuccess: (answer) => {
        setPanel('none');
        after?.(answer);
      },
    });

  return (
    <section className={styles.shift} aria-label={t('shift.title')} data-testid="till-shift">
      {shift ? (
        <p>
          {t('shift.open', {
            time: format.time(shift.openedAt, timezone),
            name: shift.openedBy,
            float: format.money(shift.floatMinor, currency),
          })}
        </p>
      ) : (
        <p>{online ? t('shift.none') : t('shift.noneOffline')}</p>
      )}
      {!shift && online && (
        <OpenForm currency={currency} working={action.isPending} onOpen={(floatMinor) => run({ kind: 'open', floatMinor })} />
      )}
      {shift && online && (
        <div className={styles.shiftActions}>
          <Button size="small" aria-expanded={panel === 'move'} onClick={() => setPanel(panel === 'move' ? 'none' : 'move')}>
            {t('shift.moveCash')}
          </Button>
          <Button size="small" aria-expanded={panel === 'close'} onClick={() => setPanel(panel === 'close' ? 'none' : 'close')}>
            {t('shift.close')}
          </Button>
        </div>
      )}
      {shift && panel === 'move' && (
        <MoveForm currency={currency} working={action.isPending} onMove={(move) => run({ kind: 'move', shiftId: shift.id, move })} />
      )}
      {shift && panel === 'close' && (
        <CloseForm
          currency={currency}
          working={action.isPending}
          onClose={(countedMinor) => run({ kind: 'close', shiftId: shift.id, countedMinor }, (answer) => setClosed(answer.id))}
        />
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
});

function shiftProblem(error: unknown, t: ReturnType<typeof useTranslation<'workspace-till'>>['t']): string {
  const code = error instanceof ApiError ? error.code : undefined;
  return code === 'till_shift_open' || code === 'till_shift_closed' ? t(`shift.problem.${code}`) : t('shift.problem.other');
}

function OpenForm({ currency, working, onOpen }: { currency: string; working: boolean; onOpen: (floatMinor: number) => void }) {
  const { t } = useTranslation('workspace-till');
  const id = useId();
  const [float, setFloat] = useState(0);
  return (
    <form
      className={styles.shiftForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (Number.isFinite(float) && float >= 0) onOpen(float);
      }}
    >
      <MoneyInput id={`${id}-float`} label={t('shift.float')} currency={currency} value={float} onChange={setFloat} />
      <Button type="submit" variant="primary" disabled={working || !Number.isFinite(float)}>
        {t('shift.openButton')}
      </Button>
    </form>
  );
}

function MoveForm({
  currency,
  working,
  onMove,
}: {
  currency: string;
  working: boolean;
  onMove: (move: { kind: 'in' | 'out'; amountMinor: number; reason: string }) => void;
}) {
  const { t } = useTranslation('workspace-till');
  const id = useId();
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const [amount, setAmount] = useState(Number.NaN);
  const [reason, setReason] = useState('');
  const ready = Number.isFinite(amount) && amount > 0 && reason.trim() !== '';
  return (
    <form
      className={styles.shiftForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onMove({ kind, amountMinor: amount, reason: reason.trim() });
      }}
    >
      <SelectField
        id={`${id}-kind`}
        label={t('shift.moveKind')}
        value={kind}
        onChange={(event) => setKind(event.target.value as 'in' | 'out')}
      >
        <option value="in">{t('shift.payIn')}</option>
        <option value="out">{t('shift.payOut')}</option>
      </SelectField>
      <MoneyInput id={`${id}-amount`} label={t('shift.amount')} currency={currency} value={amount} onChange={setAmount} />
      <TextField
        id={`${id}-reason`}
        label={t('shift.reason')}
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" variant="primary" disabled={working || !ready}>
        {t('shift.record')}
      </Button>
    </form>
  );
}

function CloseForm({ currency, working, onClose }: { currency: string; working: boolean; onClose: (countedMinor: number) => void }) {
  const { t } = useTranslation('workspace-till');
  const id = useId();
  const [counted, setCounted] = useState(Number.NaN);
  return (
    <form
      className={styles.shiftForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (Number.isFinite(counted) && counted >= 0) onClose(counted);
      }}
    >
      <MoneyInput
        id={`${id}-counted`}
        label={t('shift.counted')}
        hint={t('shift.countedHint')}
        currency={currency}
        value={counted}
        onChange={setCounted}
      />
      <Button type="submit" variant="primary" disabled={working || !Number.isFinite(counted)}>
        {t('shift.closeButton')}
      </Button>
    </form>
  );
}
