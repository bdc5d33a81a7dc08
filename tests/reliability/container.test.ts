// The container image's steps without a Docker daemon (issue 15): the runtime stage's files, as the
// Dockerfile's COPY lines gather them, started with its ENV and CMD on PostgreSQL, become ready by
// its HEALTHCHECK command, answer, and stop on SIGTERM within the shutdown timeout. The image build
// itself (npm ci, npm run build) is what CI already runs. Needs TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfNeeded, exitOf, freePort, ROOT, startServerProcess } from '../helpers/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;

interface RuntimeStage {
  env: Record<string, string>;
  /** Sources (in this checkout) and destination of each COPY. */
  copies: { sources: string[]; to: string }[];
  user: string | undefined;
  cmd: string[];
  healthcheck: string[];
}

/** The last stage of the Dockerfile: its ENV, COPY, USER, CMD and HEALTHCHECK instructions. */
function runtimeStage(dockerfile: string): RuntimeStage {
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions.reduce<string[][]>(
    (all, line) => (line.startsWith('FROM ') ? [...all, [line]] : (all.at(-1)!.push(line), all)),
    [],
  );
  const stage: RuntimeStage = { env: {}, copies: [], user: undefined, cmd: [], healthcheck: [] };
  for (const line of stages.at(-1)!) {
    const [keyword, rest] = [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)];
    if (keyword === 'ENV') for (const [, k, v] of rest.matchAll(/(\w+)=(\S+)/g)) stage.env[k] = v;
    if (keyword === 'COPY') {
      const parts = rest.split(/\s+/).filter((p) => !p.startsWith('--chown'));
      const fromBuild = parts[0].startsWith('--from=');
      const paths = fromBuild ? parts.slice(1) : parts;
      // The build stage works in /app: its output is this checkout's.
      const sources = paths.slice(0, -1).map((from) => (fromBuild ? from.replace(/^\/app\//, '') : from));
      stage.copies.push({ sources, to: paths.at(-1)! });
    }
    if (keyword === 'USER') stage.user = rest;
    if (keyword === 'CMD') stage.cmd = JSON.parse(rest);
    if (keyword === 'HEALTHCHECK') stage.healthcheck = JSON.parse(rest.slice(rest.indexOf('CMD ') + 4));
  }
  return stage;
}

const stage = runtimeStage(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
let appDir: string;
let dataDir: string;

beforeAll(() => buildServerIfNeeded());
afterAll(() => {
  for (const dir of [appDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another as the node user, with a health check and /data', () => {
    const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(text).toMatch(/^FROM \S+ AS build$/m);
    expect(text).toContain('RUN npm ci --omit=dev');
    expect(stage.user).toBe('node');
    expect(stage.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', DATA_DIR: '/data' });
    expect(stage.healthcheck[0]).toBe('node');
    expect(stage.cmd[0]).toBe('node');
    // Everything but the build's output is in the checkout.
    for (const from of stage.copies.flatMap((c) => c.sources).filter((from) => !from.startsWith('dist'))) {
      expect(existsSync(path.join(ROOT, from)), from).toBe(true);
    }
  });
});

describe.skipIf(!adminUrl)('the runtime stage on PostgreSQL', () => {
  const database = `shop_container_${randomBytes(5).toString('hex')}`;
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('starts with the image’s command, turns healthy, answers and stops on SIGTERM', { timeout: 180_000 }, async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;

    // The image's /app: what the COPY lines bring, and the installed packages.
    appDir = mkdtempSync(path.join(tmpdir(), 'container-app-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'container-data-'));
    for (const { sources, to } of stage.copies) {
      const target = path.resolve(appDir, to);
      const intoFolder = to.endsWith('/') || to === '.';
      if (intoFolder) mkdirSync(target, { recursive: true });
      for (const from of sources) {
        cpSync(path.join(ROOT, from), intoFolder ? path.join(target, path.basename(from)) : target, { recursive: true });
      }
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(appDir, 'node_modules'));

    const port = await freePort();
    // Loopback instead of the image's 0.0.0.0: nothing outside this machine needs to reach the test.
    const env = {
      ...stage.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      WEB_CONCURRENCY: '2',
    };
    const healthy = () =>
      promisify(execFile)(process.execPath, stage.healthcheck.slice(1), { cwd: appDir, env: { ...process.env, ...env } }).then(
        () => true,
        () => false,
      );
    const server = await startServerProcess(env, { port, cwd: appDir, args: stage.cmd.slice(1), waitFor: null });
    try {
      const deadline = Date.now() + 120_000;
      while (!(await healthy()) && Date.now() < deadline) {
        expect(server.child.exitCode, server.stderr()).toBeNull();
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(await healthy()).toBe(true);
      expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
      const list = await fetch(`${server.url}/api/products/`);
      expect(list.status).toBe(200);
      expect((await list.json()).count).toBe(0);

      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(0);
      // Within the default SHUTDOWN_TIMEOUT_MS (8 s), the compose file's stop_grace_period being 15 s.
      expect(Date.now() - started).toBeLessThan(8000);
      expect(await healthy()).toBe(false);
    } finally {
      await server.kill();
    }
  });
});
