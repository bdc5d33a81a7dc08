// A slow phone, as the storefront's targets define it, for bench/lighthouse.ts and
// bench/slow-phone.ts: Slow 4G as Lighthouse's mobile preset (562.5 ms latency, 1.44 Mbit/s down,
// 675 kbit/s up) and a processor slowed to a mid-tier phone's. A fixed 4× slowdown emulates a
// different phone on every machine; Lighthouse's benchmark index measures the machine, and Chrome
// DevTools' calibration puts a Pixel 5-class phone at an index of 1,000: slowdown = index / 1,000,
// at least 1.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser } from 'playwright-core';

export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 1_440_000 / 8, uploadThroughput: 675_000 / 8 };

/** Lighthouse's benchmark index of the phone the targets are for (a Pixel 5-class phone). */
export const PHONE_INDEX = 1000;

/** The CPU slowdown that makes this machine, measured at `benchmarkIndex`, as slow as that phone. */
export function cpuSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / PHONE_INDEX) * 100) / 100);
}

/** Lighthouse's benchmark index of this machine now, measured as Lighthouse does in a blank page (about a second). */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await context.close();
  }
}

/** The machine's index and the slowdown it gives, as printed beside every figure. */
export interface Calibration {
  index: number;
  slowdown: number;
}

export async function calibrate(browser: Browser): Promise<Calibration> {
  const index = Math.round(await benchmarkIndex(browser));
  return { index, slowdown: cpuSlowdown(index) };
}

export const formatCalibration = (c: Calibration) => `index ${c.index.toLocaleString('en-US')}, CPU ÷${c.slowdown.toFixed(2)}`;
