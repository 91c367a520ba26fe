import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import type { FirmTable, FirmTableInput, FirmTablesPage, TableVisit } from '../../../shared/firm-tables';

const toTable = (row: { id: string; label: string; token: string }): FirmTable => ({ id: row.id, label: row.label, token: row.token });

/**
 * The table a checkout names by its token, if it is one of the firm's: the token comes from the
 * guest's browser, so a table of another firm (or none) is refused, never trusted.
 */
export async function tableOfOrder(
  db: Kysely<Database>,
  firmId: string,
  token: string,
): Promise<{ id: string; label: string } | undefined> {
  return db.selectFrom('firm_tables').select(['id', 'label']).where('token', '=', token).where('firm_id', '=', firmId).executeTakeFirst();
}

/** A firm's tables and counter spots, and the visit a scanned code opens. */
export function createFirmTableService(db: Kysely<Database>, clock: () => Date) {
  async function list(firmId: string): Promise<FirmTablesPage> {
    const [rows, firm] = await Promise.all([
      db
        .selectFrom('firm_tables')
        .select(['id', 'label', 'token'])
        .where('firm_id', '=', firmId)
        .orderBy('created_at')
        .orderBy('label')
        .execute(),
      db.selectFrom('firms').select('counter_payment').where('id', '=', firmId).executeTakeFirstOrThrow(),
    ]);
    return { tables: rows.map(toTable), counterPayment: firm.counter_payment === 1 };
  }

  /** Lets the guests at the firm's tables pay at the counter, or stops it for orders from now on. */
  async function setCounterPayment(firmId: string, allowed: boolean): Promise<FirmTablesPage> {
    await db
      .updateTable('firms')
      .set({ counter_payment: allowed ? 1 : 0 })
      .where('id', '=', firmId)
      .execute();
    return list(firmId);
  }

  /** Adds a table; a label the firm already uses is refused by the unique index, not by a look first. */
  async function create(firmId: string, input: FirmTableInput): Promise<FirmTable> {
    const row = {
      id: randomId(),
      firm_id: firmId,
      label: input.label,
      token: crypto.randomBytes(16).toString('base64url'),
      created_at: clock().toISOString(),
    };
    const inserted = await db
      .insertInto('firm_tables')
      .values(row)
      .onConflict((oc) => oc.columns(['firm_id', 'label']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new HttpError(409, 'The firm already has a table with this name.', 'table_label_taken');
    return toTable(row);
  }

  /** Removes a table: its printed code stops opening the firm's page at once. */
  async function remove(firmId: string, id: string): Promise<void> {
    const result = await db.deleteFrom('firm_tables').where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound('Table not found.');
  }

  /** The table a code names, with its firm, if the firm is active. */
  async function visit(token: string): Promise<TableVisit> {
    const row = await db
      .selectFrom('firm_tables')
      .innerJoin('firms', 'firms.id', 'firm_tables.firm_id')
      .select(['firm_tables.label', 'firms.id', 'firms.username', 'firms.name', 'firms.counter_payment'])
      .where('firm_tables.token', '=', token)
      .where('firms.status_code', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound('This code names no table.');
    return {
      label: row.label,
      counterPayment: row.counter_payment === 1,
      firm: { id: row.id, username: row.username, name: row.name },
    };
  }

  return { list, setCounterPayment, create, remove, visit };
}
