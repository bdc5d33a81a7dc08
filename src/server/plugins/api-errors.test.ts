// Every 409 code the server can answer with is described (CONFLICTS): the codes are read from the
// calls to `conflict(…)` and `new AppError(409, …)` in the server's sources, and from the order
// lifecycle's refusals, which `assertAllowed` answers as 409s.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../../domain/auth';
import { CONFLICTS } from './api-errors';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level arguments of the call whose `(` is at `open`, as source text. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      // Skip the string; a template's `${…}` holds no quote of the same kind in these calls.
      i = text.indexOf(c, i + 1);
      while (text[i - 1] === '\\') i = text.indexOf(c, i + 1);
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

const allSources = sources(path.join(ROOT, 'server')).concat(sources(path.join(ROOT, 'domain')));
const constants = new Map(
  allSources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = '([A-Z_]+)'/g)].map((m) => [m[1], m[2]])),
);

/** The codes a code argument names: literals (`a ? 'X' : 'Y'`), constants, `AUTH_ERROR_CODES.x`. */
function codesOf(arg: string): string[] {
  const literals = [...arg.matchAll(/'([A-Z][A-Z_]+)'/g)].map((m) => m[1]);
  const auth = [...arg.matchAll(/AUTH_ERROR_CODES\.(\w+)/g)].map((m) => AUTH_ERROR_CODES[m[1] as keyof typeof AUTH_ERROR_CODES]);
  const named = constants.get(arg);
  return [...literals, ...auth, ...(named ? [named] : [])];
}

function conflictCodes(): { codes: Set<string>; computed: string[] } {
  const codes = new Set<string>();
  const computed: string[] = [];
  // errors.ts defines `conflict` itself.
  for (const file of sources(path.join(ROOT, 'server')).filter((f) => f !== path.join(ROOT, 'server/errors.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bconflict\(|new AppError\(\s*409,/g)) {
      const args = callArguments(text, match.index + match[0].indexOf('('));
      const arg = match[0].startsWith('conflict') ? args[1] : args[2];
      const found = arg ? codesOf(arg) : [];
      found.forEach((code) => codes.add(code));
      if (arg && !found.length) computed.push(arg);
    }
  }
  // The lifecycle's, the totals', the receipts' and the delivery's refusals reach the client through
  // `conflict(refused.message, refused.code)` (`refusedBy`); a code is a string or a constant named as it.
  for (const rules of ['domain/order-lifecycle.ts', 'domain/order-totals.ts', 'domain/purchasing.ts', 'domain/shipping.ts']) {
    const text = readFileSync(path.join(ROOT, rules), 'utf8');
    for (const [, code] of text.matchAll(/code: '?([A-Z][A-Z_]+)\b'?/g)) codes.add(code);
  }
  return { codes, computed };
}

describe('CONFLICTS', () => {
  it('describes every 409 code the server answers with', () => {
    const { codes, computed } = conflictCodes();
    expect(codes.size).toBeGreaterThan(25);
    expect([...codes].filter((code) => !CONFLICTS[code]).sort()).toEqual([]);
    // Computed codes are the lifecycle's refusals, read above.
    expect(computed.filter((arg) => !/^\w+\.code$/.test(arg))).toEqual([]);
  });

  it('lists no code the server never sends', () => {
    const { codes } = conflictCodes();
    expect(Object.keys(CONFLICTS).filter((code) => !codes.has(code))).toEqual([]);
  });
});
