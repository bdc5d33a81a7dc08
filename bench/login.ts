// Login cost with the production argon2id parameters (config.argon2, ARGON2_MEMORY_KIB and
// ARGON2_TIME_COST): the hash check alone, one login at a time over real HTTP, and logins/s with a
// few concurrent clients. The target is 50-150 ms for one login on an otherwise idle machine.
// Usage: npx tsx bench/login.ts   (BENCH_DATABASE_URL=postgres://… to run on PostgreSQL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { hashPassword, verifyPassword } from '../src/server/security/passwords';
import { testConfig } from '../tests/helpers/app';
import { createAppContext } from '../src/server/app-context';
import { listenLocally } from './staff-list';
import { percentile } from './table';
import { createThrowawayDatabase } from './throwaway-database';

const SEQUENTIAL = Number(process.env.BENCH_LOGINS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PASSWORD = 'clave-de-bench-123';

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { database: await openPglite(), drop: async () => {} };
  const { url, drop } = await createThrowawayDatabase(adminUrl, 'shop_bench_login');
  return { database: openPostgres(url, 10), drop };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-login-'));
  const { argon2 } = loadConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  const { database, drop } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const hashed = await hashPassword(PASSWORD, argon2);
    await database.db.insert(users).values({ username: 'bench', email: 'bench@bench.local', password_hash: hashed, email_verified: true });

    const verifyTimes: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      await verifyPassword(hashed, PASSWORD);
      verifyTimes.push(performance.now() - started);
    }
    verifyTimes.sort((a, b) => a - b);

    const unlimited = { ip: { max: 1e9, windowSeconds: 60 }, account: { max: 1e9, windowSeconds: 60 } };
    const config = testConfig(dataDir, {
      argon2,
      rateLimits: {
        login: { ip: unlimited.ip, accountAddress: unlimited.account },
        register: unlimited,
        codeVerify: unlimited,
        codeSend: unlimited,
      },
    });
    const app = await buildApp(createAppContext(database.db, config), { logger: false });
    const url = `${await listenLocally(app)}/api/auth/login/`;
    const body = JSON.stringify({ username_or_email: 'bench', password: PASSWORD });

    const loginTimes: number[] = [];
    const loginCpu: number[] = [];
    for (let i = 0; i < SEQUENTIAL + 3; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.text();
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      const used = process.cpuUsage(cpu);
      // The first ones warm up the JIT and the pool.
      if (i >= 3) {
        loginTimes.push(performance.now() - started);
        loginCpu.push((used.user + used.system) / 1000);
      }
    }
    loginTimes.sort((a, b) => a - b);
    loginCpu.sort((a, b) => a - b);

    const load = await autocannon({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json' },
      body,
    });
    await app.close();

    console.log(`login with argon2id m=${argon2.memoryCost} KiB, t=${argon2.timeCost}, p=1 (${database.kind})`);
    console.log(
      `password check alone: p50 ${ms(percentile(verifyTimes, 50))}  min ${ms(verifyTimes[0])}  max ${ms(verifyTimes[verifyTimes.length - 1])}`,
    );
    console.log(
      `POST /api/auth/login/ one at a time (${SEQUENTIAL}): p50 ${ms(percentile(loginTimes, 50))}  p95 ${ms(percentile(loginTimes, 95))}  max ${ms(loginTimes[loginTimes.length - 1])}`,
    );
    console.log(
      `POST /api/auth/login/ with ${CONNECTIONS} concurrent clients, ${SECONDS} s: logins/s ${load.requests.average.toFixed(1)}  p50 ${load.latency.p50} ms  p99 ${load.latency.p99} ms  (${load.non2xx} non-2xx)`,
    );
    // CPU time does not grow when other processes share the cores, so it is the figure to compare
    // across runs; wall time equals it on an idle machine.
    console.log(`CPU time per login (server and client in this process): p50 ${ms(percentile(loginCpu, 50))}  min ${ms(loginCpu[0])}`);
    const verdict = (value: number) => (value >= 50 && value <= 150 ? 'met' : 'NOT met');
    const wallP50 = percentile(loginTimes, 50);
    const cpuP50 = percentile(loginCpu, 50);
    console.log(`target 50-150 ms per login: wall p50 ${ms(wallP50)} ${verdict(wallP50)}; CPU p50 ${ms(cpuP50)} ${verdict(cpuP50)}`);
    if (load.non2xx) process.exitCode = 1;
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
