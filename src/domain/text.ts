// Text helpers shared by server and web: slugs, search normalisation, truncation, embedded JSON.

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

// spec storefront §5 (brand slug): lower case, accents removed, non-alphanumerics removed,
// spaces and hyphens collapsed into one hyphen. The admin spec's "spaces replaced by hyphens"
// is the same rule for names without symbols, so one function serves both.
export function slugify(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower case, no accents, single spaces: the form in which products are searched. */
export function normalizeSearch(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9+\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case, accents aside, ñ (as 'n' and the highest code unit) after every other n. */
const sortKey = (text: string) => stripAccents(text.normalize('NFC').toLowerCase().replace(/ñ/g, 'n\uffff'));

/**
 * Names in Spanish alphabetical order (case and accents aside, ñ after n), for sort(). Not
 * localeCompare(…, 'es'): its first call loads the browser's collation data, 15-20 ms of a
 * phone's first view spent on ordering fifteen brand names.
 */
export function compareNames(a: string, b: string): number {
  const [keyA, keyB] = [sortKey(a), sortKey(b)];
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Edits (insert, delete, change, or swap two neighbours) from `a` to `b`, or `max + 1` as soon as
 * it is known to be more than `max` (optimal string alignment).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length], max + 1);
}

/** How many edits a search word may be from a catalog word: one for short words, two from 6 letters. */
export const typoEdits = (word: string) => (word.length >= 6 ? 2 : 1);

/** Cut at `max` characters with an ellipsis (spec storefront §2, product card: 200). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}...`;
}

/** Cut at the last word boundary before `max` (spec storefront §2, product detail: 300). */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  // A word that ends exactly at the limit is whole: keep it.
  const lastSpace = /\s/.test(text[max]) ? max : cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}...`;
}

/**
 * JSON inside a <script> element: `<` is escaped so no text can close the element, and the two
 * line separators that old parsers treat as newlines are escaped too.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A lone UTF-16 surrogate ('\ud800'), which a client may send inside any text, as U+FFFD: text
 * columns store it so, and jsonb refuses the escape JSON.stringify writes for it.
 */
export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * What a visitor typed, quoted for the shop's e-mails: each of its lines marked "> " (any line
 * break counts, Unicode's too), so none can pass for a line of the shop's own.
 */
export const quoteLines = (text: string) =>
  text
    .split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join('\n');
