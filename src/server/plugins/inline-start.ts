// The start script (web/public/start.js) written into a returning visitor's page whose first view
// the server renders, instead of fetched: on a phone's slow connection fetching it cost a round
// trip after the HTML (over half a second on Slow 4G) before a returning customer's session was
// restored and the page's modules ran. The pages' Content-Security-Policy allows exactly this text
// by its hash.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const START_SCRIPT_FILE = 'start.js';

export interface InlineScript {
  /** The script as written into the page: the file without its comment lines. */
  text: string;
  /** Its CSP source, `'sha256-…'`. */
  hash: string;
}

/** A script's CSP hash source: the SHA-256 of its exact text, in base64. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The start script to inline, from its text: whole-line comments are the reader's, not the phone's. */
export function inlineScript(source: string): InlineScript {
  const text = source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n')
    .trim();
  if (/<\/script/i.test(text)) throw new Error('start.js cannot be written into a page: it closes its own element');
  return { text, hash: cspHash(text) };
}

/** The build's start script, or null when the build has none (the pages then load /start.js). */
export function readStartScript(webRoot: string): InlineScript | null {
  const file = path.join(webRoot, START_SCRIPT_FILE);
  return existsSync(file) ? inlineScript(readFileSync(file, 'utf8')) : null;
}
