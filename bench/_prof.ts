import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/helpers/browser';
import { startServerProcess } from '../tests/helpers/server-process';

const server = await startServerProcess({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prof-')), SEED_DEMO: 'true', WEB_DIST_DIR: path.resolve('dist/web') }, { timeoutMs: 240_000 });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const url = process.env.PAGE ?? '/productos';
const totals = new Map<string, number>();
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(server.url + url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 30000 }).catch(() => {});
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const dt = profile.timeDeltas as number[];
  const counts = new Map<number, number>();
  profile.samples.forEach((id: number, i: number) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
  // Inclusive time by function: walk parents.
  const parent = new Map<number, number>();
  for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [id, us] of counts) {
    const seen = new Set<string>();
    let cur: number | undefined = id;
    while (cur !== undefined) {
      const n: any = byId.get(cur);
      const f = n.callFrame;
      const key = `${f.functionName || '(anon)'} ${String(f.url).split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
      if (!seen.has(key)) { seen.add(key); totals.set(key, (totals.get(key) ?? 0) + us / 3000); }
      cur = parent.get(cur);
    }
  }
  await context.close();
}
console.log([...totals].sort((a, b) => b[1] - a[1]).filter(([k]) => !/^\((root|program|idle|garbage collector)\)/.test(k)).slice(0, Number(process.env.TOP ?? 45)).map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`).join('\n'));
await browser.close();
await server.stop();
process.exit(0);
