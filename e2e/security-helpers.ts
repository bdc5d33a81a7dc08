// Shared by the security and accessibility browser tests: watching a page for policy violations,
// script errors and dialogs, and waiting for it to settle.
import type { Page } from 'playwright-core';

export interface PageWatch {
  /** Content-Security-Policy violations, from the DOM event and from the console. */
  violations: string[];
  /** Uncaught script errors. */
  errors: string[];
  /** alert/confirm/prompt opened by the page (none is expected; each is dismissed). */
  dialogs: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
    __xss?: unknown;
  }
}

/** Starts watching a page; call before the first navigation. */
export async function watchPage(page: Page): Promise<PageWatch> {
  const watch: PageWatch = { violations: [], errors: [], dialogs: [] };
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      /Content Security Policy|Refused to (execute|load|apply|evaluate|connect|frame)/i.test(message.text())
    ) {
      watch.violations.push(message.text());
    }
  });
  page.on('pageerror', (error) => watch.errors.push(error.message));
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  return watch;
}

/** Violations the page itself recorded (the DOM event also sees ones the console may not). */
export async function recordedViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

/** Waits until the app has rendered its main content and the network is quiet. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('main').first().waitFor({ timeout: 15_000 });
  // Lazy pages and their first queries: wait until no loader or skeleton is left.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse, .animate-spin'), undefined, { timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(200);
}
