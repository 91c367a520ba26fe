import path from 'node:path';
import type { Env } from './env';

/**
 * What `npm start` prints once listening: where the app is (PUBLIC_URL when it is set: that is
 * where people reach it; else this machine's port), where the data is, the demo logins.
 */
export function startBanner(options: {
  env: Pick<Env, 'PUBLIC_URL' | 'publicUrl' | 'dataDir' | 'SEED'>;
  port: number;
  dialect: 'sqlite' | 'postgres';
  demoLogins: { password: string; accounts: { email: string; role: string }[] };
}): string {
  const { env, port, dialect, demoLogins } = options;
  const url = env.PUBLIC_URL ? env.publicUrl : `http://localhost:${port}`;
  const lines = [
    '',
    `  Souk is running at ${url}`,
    ...(env.PUBLIC_URL ? [`  (listening on port ${port})`] : []),
    `  database: ${dialect === 'sqlite' ? path.join(env.dataDir, 'souk.db') : 'PostgreSQL (DATABASE_URL)'}`,
    '',
    ...(env.SEED !== 'none'
      ? [
          '  Demo logins (password for all: ' + demoLogins.password + ')',
          ...demoLogins.accounts.map((a) => `    ${a.email.padEnd(28)} ${a.role}`),
          '',
        ]
      : []),
  ];
  return lines.join('\n');
}
