// `npm start`: builds the client and server once if the build is missing, then runs it.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html') || !existsSync('dist/ssr/entry-server.js')) {
  console.log('No build found: building Souk once (about a minute)…');
  execSync('npm run build', { stdio: 'inherit' });
}
await import('../../dist/server/main.js');
