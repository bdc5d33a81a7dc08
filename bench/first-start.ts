// A shop's first start: `npm start` on a fresh DATA_DIR (embedded database, demo catalog), timed
// until /api/health/ answers, with every line the start prints and when. The build is not
// counted when dist/ is up to date (run `npm run build` first).
//
//   npx tsx bench/first-start.ts [runs=1]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT as root } from '../tests/helpers/server-process';

async function firstStart(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'first-start-'));
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const print = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${line.slice(0, 150)}`);
  };
  child.stdout.on('data', print);
  child.stderr.on('data', print);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    // npm does not pass the signal on to the server: stop the whole process group.
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = Number(process.argv[2] ?? 1);
for (let i = 1; i <= runs; i++) console.log(`first start ${i}: healthy after ${((await firstStart()) / 1000).toFixed(1)} s`);
