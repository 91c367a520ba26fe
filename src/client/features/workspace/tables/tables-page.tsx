import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Printer, Trash2 } from 'lucide-react';
import type { FirmTable } from '../../../../shared/firm-tables';
import { qrTarget } from '../../../../shared/page-views';
import { TABLE_PARAM } from '../../../lib/table-visit';
import { languageDirection } from '../../../../shared/i18n';
import { SwitchRow } from '../../../components/ui/fields';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { TextField } from '../../../components/ui/text-field';
import { confirm } from '../../../lib/confirm-store';
import { usePageTitle } from '../../../lib/page-head';
import { firmTablesQuery, useAddTable, useRemoveTable, useSetCounterPayment } from '../api/tables';
import { useWorkspace } from '../shell/workspace-context';
import { problemMessage, toastProblem } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import { WorkspacePageHeader } from '../ui/workspace-page-header';
import styles from './tables.module.css';

const NS = 'workspace-tables';

/** The address a table's printed code carries: the firm's page (counted as a scan), which keeps the table for the visit. */
const tableUrl = (username: string, token: string) => `${qrTarget(location.origin, username)}&${TABLE_PARAM}=${token}`;

/**
 * `workspace/tables`: the firm's tables and counter spots, each with its own code, printed as a sheet
 * of cards (print CSS); whether their guests may pay at the counter. The team sees and prints them;
 * owners and managers add, remove and choose.
 */
export function TablesPage() {
  const { t } = useTranslation([NS, 'workspace']);
  const { firmId, can } = useWorkspace();
  const tables = useQuery(firmTablesQuery(firmId));
  usePageTitle(t('title'));
  const editor = can('firm.edit');
  return (
    <div className={ui.page}>
      <WorkspacePageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          tables.data && tables.data.tables.length > 0 ? (
            <Button variant="primary" onClick={() => window.print()}>
              <Printer size={18} aria-hidden="true" />
              {t('print')}
            </Button>
          ) : undefined
        }
      />
      {tables.isError && <p className={ui.errorBox}>{problemMessage(t, tables.error)}</p>}
      {tables.data && editor && <CounterSwitch allowed={tables.data.counterPayment} />}
      {editor && <AddTable />}
      {tables.data && tables.data.tables.length === 0 && <p className={ui.muted}>{t('empty')}</p>}
      {tables.data && tables.data.tables.length > 0 && <CodeSheet tables={tables.data.tables} editor={editor} />}
    </div>
  );
}

function CounterSwitch({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation(NS);
  const { firmId } = useWorkspace();
  const set = useSetCounterPayment(firmId);
  return (
    <section className={ui.panel}>
      <SwitchRow
        id="counter-payment"
        label={t('counter.label')}
        description={t('counter.hint')}
        checked={allowed}
        disabled={set.isPending}
        onChange={(checked) => set.mutateAsync(checked, { onError: toastProblem(t) })}
      />
    </section>
  );
}

function AddTable() {
  const { t } = useTranslation(NS);
  const { firmId } = useWorkspace();
  const add = useAddTable(firmId);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setError(t('add.required'));
      return;
    }
    setError(undefined);
    add.mutate(label.trim(), {
      onSuccess: () => setLabel(''),
      onError: (problem) => setError(problemMessage(t, problem)),
    });
  };
  return (
    <form className={`${ui.panel} ${styles.add}`} onSubmit={submit} noValidate>
      <TextField
        id="table-label"
        label={t('add.label')}
        placeholder={t('add.placeholder')}
        value={label}
        maxLength={40}
        error={error}
        onChange={(event) => setLabel(event.target.value)}
      />
      <Button type="submit" disabled={add.isPending}>
        <Plus size={18} aria-hidden="true" />
        {t('add.submit')}
      </Button>
    </form>
  );
}

/** The codes as cards, one per table, in the firm's own language: on paper, a sheet of them. */
function CodeSheet({ tables, editor }: { tables: FirmTable[]; editor: boolean }) {
  const { t } = useTranslation(NS);
  const { firm, firmId } = useWorkspace();
  const { t: card } = useTranslation(NS, { lng: firm.language });
  const remove = useRemoveTable(firmId);
  const ask = async (table: FirmTable) => {
    const ok = await confirm({
      title: t('remove.title', { label: table.label }),
      message: t('remove.text'),
      okText: t('remove.ok'),
      cancelText: t('remove.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(table.id, { onError: toastProblem(t) });
  };
  return (
    <ul className={styles.sheet} data-testid="table-codes">
      {tables.map((table) => (
        <li key={table.id} className={styles.item}>
          <div className={styles.card} lang={firm.language} dir={languageDirection(firm.language)}>
            <p className={styles.firm}>{firm.name}</p>
            <TableCode url={tableUrl(firm.username, table.token)} label={table.label} />
            <p className={styles.label} dir="auto">
              {table.label}
            </p>
            <p className={styles.call}>{card('card.scan')}</p>
          </div>
          {editor && (
            <IconButton label={t('remove.action', { label: table.label })} onClick={() => void ask(table)} className={styles.remove}>
              <Trash2 size={18} aria-hidden="true" />
            </IconButton>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A table's QR code, drawn here (the encoder loads with this page only). */
function TableCode({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation(NS);
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toString }) => toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => current && setSvg(drawn));
    return () => {
      current = false;
    };
  }, [url]);
  const source = svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : undefined;
  return source ? (
    <img className={styles.code} src={source} alt={t('card.alt', { label })} data-table-url={url} width={180} height={180} />
  ) : (
    <span className={styles.code} aria-hidden="true" />
  );
}
