/**
 * `npm run dev`: the API on port 8081 (the Vite dev server proxies /api and /media to it) and the
 * Vite dev server with hot reload on http://localhost:5173. Pages render in the browser only.
 */
import { spawn } from 'node:child_process';

const api = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.API_PORT ?? '8081', HOST: '127.0.0.1', CLIENT_DIR: '/nonexistent' },
});
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' });

const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
vite.on('exit', () => api.kill('SIGTERM'));
