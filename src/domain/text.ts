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
