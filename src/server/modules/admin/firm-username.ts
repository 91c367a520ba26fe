import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';

const TRIES = 5;

/** A username no firm has: `firm-` and eight random hex digits, drawn again in the unlikely case it is taken. */
async function freshUsername(trx: Transaction<Database>): Promise<string> {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const candidate = `firm-${crypto.randomBytes(4).toString('hex')}`;
    const taken = await trx
      .selectFrom('firms')
      .select('id')
      .where(sql`lower(username)`, '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new HttpError(503, 'No free username was found. Please try again.', 'busy');
}

/** The firm that is to get the username: by id or by its own username, never the firm it is taken from. */
async function recipientOf(trx: Transaction<Database>, giveTo: string, fromFirmId: string): Promise<string> {
  const row = await trx
    .selectFrom('firms')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', giveTo), eb(sql`lower(username)`, '=', giveTo.toLowerCase())]))
    .executeTakeFirst();
  if (!row) throw notFound('No firm has this username or id.');
  if (row.id === fromFirmId) throw new HttpError(400, 'The username already belongs to this firm.', 'validation_failed');
  return row.id;
}

export interface UsernameChange {
  before: string;
  after: string;
  /** the firm that now has `before`; null when it was freed */
  recipientId: string | null;
}

/**
 * Takes a squatted username from a firm, which gets a generated one, and gives it to another firm or
 * leaves it free to claim. `/{username}` then leads to whoever holds it now: the page is looked up by
 * username on every visit, so old links follow the new holder with nothing else to update.
 */
export async function reassignUsername(trx: Transaction<Database>, firmId: string, giveTo: string | undefined): Promise<UsernameChange> {
  const firm = await trx.selectFrom('firms').select('username').where('id', '=', firmId).executeTakeFirstOrThrow();
  const recipientId = giveTo ? await recipientOf(trx, giveTo, firmId) : null;
  const after = await freshUsername(trx);
  // conditional: of two admins reassigning at once, the second finds the username moved already
  const moved = await trx
    .updateTable('firms')
    .set({ username: after })
    .where('id', '=', firmId)
    .where('username', '=', firm.username)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, 'The username changed meanwhile.', 'moderation_conflict');
  if (recipientId) await trx.updateTable('firms').set({ username: firm.username }).where('id', '=', recipientId).execute();
  return { before: firm.username, after, recipientId };
}
