// The commands of `npm run admins` (src/server/admins.ts): the operator names platform admins.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeAudit } from './audit-log';

const USAGE = `Usage: npm run admins -- <command>
  list            the platform admins the command named (ADMIN_EMAILS names more)
  add <email>     make the account with this email a platform admin
  remove <email>  take it back`;

/** Who acted, in the audit log, when the operator used the command line rather than the admin area. */
export const COMMAND_LINE = 'command-line';

export interface AdminsCommandDeps {
  db: Kysely<Database>;
  now: () => Date;
  out: (line: string) => void;
}

/** Runs one command; answers the exit status (0 done, 2 wrong use or no such account). */
export async function runAdminsCommand(args: string[], { db, now, out }: AdminsCommandDeps): Promise<number> {
  const [command, email] = args;
  if (command === 'list') {
    const rows = await db
      .selectFrom('platform_admins as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.email', 'a.created_at'])
      .orderBy('a.created_at')
      .execute();
    for (const row of rows) out(`${row.email ?? '(no email)'}  since ${row.created_at}`);
    if (!rows.length) out('No platform admins named by this command.');
    return 0;
  }
  if ((command !== 'add' && command !== 'remove') || !email) {
    out(USAGE);
    return 2;
  }
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) {
    out(`No account has the email ${email}.`);
    return 2;
  }
  await db.transaction().execute(async (trx) => {
    if (command === 'add') {
      await trx
        .insertInto('platform_admins')
        .values({ user_id: user.id, created_at: now().toISOString() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    } else {
      await trx.deleteFrom('platform_admins').where('user_id', '=', user.id).execute();
    }
    const action = command === 'add' ? 'admin.add' : 'admin.remove';
    await writeAudit(trx, { adminUserId: COMMAND_LINE, action, targetType: 'user', targetId: user.id, reason: 'npm run admins' }, now());
  });
  out(command === 'add' ? `${email} is a platform admin.` : `${email} is no longer a platform admin.`);
  return 0;
}
