// `npm run keys -- <list|rotate|retire|new>`: the access-token signing keys of a deployment (README,
// "Running several instances"). With DATABASE_URL the keys live in the `server_secrets` table that
// every instance reads (lib/secrets.ts): `rotate` adds a key that signs from then on (every instance
// picks it up within a minute; tokens of the old keys keep verifying) and retires the keys replaced
// longer ago than a token lives. Keys given by TOKEN_KEYS are the operator's: `new` prints an entry
// to put first. The embedded SQLite server keeps its one key in DATA_DIR/secrets.
import { openDatabase } from './db/connection';
import { readEnv } from './lib/env';
import { runKeysCommand } from './lib/keys-command';

const env = readEnv();
const status = await runKeysCommand(process.argv.slice(2), {
  env,
  openDb: () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }),
  now: () => new Date(),
  out: (line) => console.log(line),
});
process.exit(status);
