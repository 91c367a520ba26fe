// `npm run admins -- <list|add|remove> [email]`: the platform admins of a deployment (README,
// "The admin area"). Kept in the database every instance reads; ADMIN_EMAILS names more.
import { openDatabase } from './db/connection';
import { readEnv } from './lib/env';
import { runAdminsCommand } from './modules/admin/admins-command';

const env = readEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const status = await runAdminsCommand(process.argv.slice(2), { db: handle.db, now: () => new Date(), out: (line) => console.log(line) });
await handle.close();
process.exit(status);
