// What every page a test visits must hold, whatever it shows.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatArs } from '../../src/domain/money';

/** How many pixels the page is wider than the window: 0 when it fits the screen. */
export const overflowX = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** Whitespace runs as one space, to compare texts that wrap or indent. */
export const squash = (value: string) => value.replace(/\s+/g, ' ');

/** A price as the page shows it, with the no-break space Intl puts after the sign made a plain one. */
export const ars = (value: number) => formatArs(value).replace(/\s/g, ' ');

/** Fails when the page scrolls sideways; `where` names the page in the failure. */
export async function expectNoOverflow(page: Page, where?: string): Promise<void> {
  expect(await overflowX(page), where).toBe(0);
}
