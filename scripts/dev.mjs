// Development: the API with reload on change (tsx watch) and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import { register } from 'tsx/esm/api';

// The server (restarted by tsx watch on every change) holds the embedded database's lock; a
// second shop on the same DATA_DIR is refused here, before Vite starts.
register();
const { loadConfig } = await import('../src/server/config.ts');
const { busyMessage, embeddedDatabaseOwner } = await import('../src/server/db/lock.ts');
const config = loadConfig();
const owner = config.databaseUrl ? null : embeddedDatabaseOwner(config.dataDir);
if (owner) {
  console.error(busyMessage(config.dataDir, owner));
  process.exit(2);
}

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
