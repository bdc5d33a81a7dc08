// Request logging: one line per request with method, url, status and milliseconds, at info level
// for the API and at debug level for pages and pictures (Fastify's two lines per request are off).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src/server/app-context';
import { buildApp, type App } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createTestDatabase, testConfig } from '../helpers/app';

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

const INFO = 30;
const DEBUG = 20;
let lines: LogLine[] = [];
let app: App;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'request-log-'));
  mkdirSync(path.join(dataDir, 'uploads/products'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads/products/kush-800.webp'), 'RIFF----WEBPVP8 ');
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  app = await buildApp(createAppContext(database.db, testConfig(dataDir)), { logger: { level: 'debug', stream } });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('request logging', () => {
  it('writes one info line per API request, with method, url, status and milliseconds', async () => {
    lines = [];
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/products/999999/' })).statusCode).toBe(404);
    const info = lines.filter((l) => l.level >= INFO);
    expect(info.map(({ msg, method, url, status }) => ({ msg, method, url, status }))).toEqual([
      { msg: 'request', method: 'GET', url: '/api/health/', status: 200 },
      { msg: 'request', method: 'GET', url: '/api/products/999999/', status: 404 },
    ]);
    expect(info.every((l) => typeof l.ms === 'number')).toBe(true);
    expect(lines.some((l) => /incoming request|request completed/.test(l.msg))).toBe(false);
  });

  it('logs pictures and pages at debug level only', async () => {
    lines = [];
    expect((await app.inject({ method: 'GET', url: '/uploads/products/kush-800.webp' })).statusCode).toBe(200);
    expect(lines.filter((l) => l.level >= INFO)).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ level: DEBUG, msg: 'request', url: '/uploads/products/kush-800.webp', status: 200 })]);
  });
});
