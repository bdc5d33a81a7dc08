// axe-core in the page: the accessibility checks of the browser tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules the pages are held to: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** axe's violations on the page, of the given impacts (all by default), as readable lines. */
export async function axeViolations(page: Page, impacts?: readonly Impact[]): Promise<string[]> {
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (runOnly) => {
    type Result = { violations: { id: string; impact: Impact | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((n) => n.target.join(' ')) }));
  }, RULE_TAGS);
  return violations
    .filter((v) => !impacts || (v.impact !== null && impacts.includes(v.impact)))
    .map((v) => {
      const more = v.targets.length > 5 ? ` | and ${v.targets.length - 5} more` : '';
      return `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(' | ')}${more}`;
    });
}

/** The serious and critical violations: the ones every page checked must be free of. */
export const seriousViolations = (page: Page) => axeViolations(page, ['serious', 'critical']);
