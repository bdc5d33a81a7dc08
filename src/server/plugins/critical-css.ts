// Critical CSS for the landing pages: a page the customer lands on carries inline only the rules
// that can match its own server-rendered HTML, and the whole stylesheet comes as a file, cached
// for a year, that does not hold the first paint (a print sheet, applied by /start.js once it has
// loaded). The built sheet is parsed once; the rules a page needs are picked from the classes
// and ids in its HTML when it is rendered (then kept with it in the page cache), since what a page
// shows depends on the catalogue, which the build does not know.
//
// The cascade stays that of the whole sheet: the inline rules are a subset in the same order and
// come first, so the whole sheet, once applied, changes nothing of what is on screen (no shift).

/** What of a page a selector can ask for: its class names and ids. */
export interface PageNames {
  classes: ReadonlySet<string>;
  ids: ReadonlySet<string>;
}

type Matcher = (names: PageNames) => boolean;

type CssNode =
  /** Kept whole; `property` names the custom property an `@property` rule registers. */
  | { kind: 'raw'; text: string; property?: string }
  /** `variables`: the rule only sets custom properties (the theme's, Tailwind's defaults), these. */
  | { kind: 'rule'; text: string; matches: Matcher; selector: string; variables?: { name: string; text: string }[] }
  | { kind: 'group'; prelude: string; children: CssNode[] };

/** At-rules whose block holds rules, each picked on its own; any other block is kept whole. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container|scope|starting-style)\b/i;

/** Index just past the string starting at `at` (a quote), escapes included. */
function skipString(text: string, at: number): number {
  const quote = text[at];
  let i = at + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Index of the character that closes the bracket opened at `at` (`{`, `(` or `[`). */
function closing(text: string, at: number): number {
  const open = text[at];
  const close = open === '{' ? '}' : open === '(' ? ')' : ']';
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = skipString(text, i) - 1;
    else if (c === '\\') i++;
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) + 1 || text.length;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return text.length - 1;
}

/** `text` split at its commas outside brackets and strings. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = skipString(text, i) - 1;
    else if (c === '\\') i++;
    else if (c === '(' || c === '[') i = closing(text, i);
    else if (c === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const NAME_END = /[\s>+~.,#[:()*|{}'"]/;

/** A CSS identifier starting at `at`, its escapes resolved, and the index after it. */
function readName(text: string, at: number): [string, number] {
  let name = '';
  let i = at;
  while (i < text.length && !NAME_END.test(text[i])) {
    if (text[i] === '\\') {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0], 16));
        i += 1 + hex[0].length;
      } else {
        name += text[i + 1] ?? '';
        i += 2;
      }
    } else name += text[i++];
  }
  return [name, i];
}

/**
 * Whether one selector (no top-level comma) can match an element of a page with `names`: every
 * class and id it requires is on the page. Attributes, types and states are not looked at (a rule
 * is kept when in doubt); `:not(…)` requires nothing, `:is`/`:where`/`:has` one of their selectors.
 */
function compileSelector(selector: string): Matcher {
  const classes: string[] = [];
  const ids: string[] = [];
  const alternatives: Matcher[] = [];
  for (let i = 0; i < selector.length;) {
    const c = selector[i];
    if (c === '.' || c === '#') {
      const [name, next] = readName(selector, i + 1);
      (c === '.' ? classes : ids).push(name);
      i = next;
    } else if (c === '[') i = closing(selector, i) + 1;
    else if (c === '"' || c === "'") i = skipString(selector, i);
    else if (c === ':') {
      const colons = selector[i + 1] === ':' ? 2 : 1;
      const [pseudo, next] = readName(selector, i + colons);
      i = next;
      if (selector[i] === '(') {
        const end = closing(selector, i);
        const argument = selector.slice(i + 1, end);
        if (/^(is|where|has|matches|-webkit-any)$/i.test(pseudo)) alternatives.push(compileSelectorList(argument));
        i = end + 1;
      }
    } else i++;
  }
  return (names) =>
    classes.every((name) => names.classes.has(name)) && ids.every((id) => names.ids.has(id)) && alternatives.every((m) => m(names));
}

function compileSelectorList(list: string): Matcher {
  const each = splitTopLevel(list).map(compileSelector);
  return (names) => each.some((m) => m(names));
}

/** The built stylesheet's rules, in order, each with what it asks of a page. */
export function parseStylesheet(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    // Whitespace and comments between rules (the licence comment included) are left out.
    if (/\s/.test(css[i])) {
      i++;
      continue;
    }
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    let j = i;
    while (j < css.length && css[j] !== '{' && css[j] !== ';' && css[j] !== '}') {
      if (css[j] === '"' || css[j] === "'") j = skipString(css, j);
      else if (css[j] === '\\') j += 2;
      else if (css[j] === '(' || css[j] === '[') j = closing(css, j) + 1;
      else j++;
    }
    const prelude = css.slice(i, j).trim();
    if (j >= css.length || css[j] !== '{') {
      // A statement (`@layer components;`, `@charset`) or a stray `}`.
      if (prelude) nodes.push({ kind: 'raw', text: `${prelude};` });
      i = j + 1;
      continue;
    }
    const end = closing(css, j);
    const body = css.slice(j + 1, end);
    if (GROUPING_AT_RULES.test(prelude)) nodes.push({ kind: 'group', prelude, children: parseStylesheet(body) });
    else if (prelude.startsWith('@')) {
      const property = /^@property\s+(--[\w-]+)$/.exec(prelude)?.[1];
      nodes.push({ kind: 'raw', text: `${prelude}{${body}}`, ...(property ? { property } : {}) });
    } else {
      const declarations = body.includes('{') ? [] : splitDeclarations(body);
      const variables = declarations.length && declarations.every((d) => d.startsWith('--')) ? declarations : null;
      nodes.push({
        kind: 'rule',
        text: `${prelude}{${body}}`,
        selector: prelude,
        matches: compileSelectorList(prelude),
        ...(variables ? { variables: variables.map((text) => ({ name: text.slice(0, text.indexOf(':')).trim(), text })) } : {}),
      });
    }
    i = end + 1;
  }
  return nodes;
}

/** A rule's declarations, split at their semicolons outside brackets and strings. */
function splitDeclarations(body: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") i = skipString(body, i) - 1;
    else if (c === '\\') i++;
    else if (c === '(' || c === '[') i = closing(body, i);
    else if (c === ';') {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The rules that can match the page, the at-rules that hold one of them kept around them. */
function keptRules(nodes: CssNode[], names: PageNames): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'raw') kept.push(node);
    else if (node.kind === 'rule') {
      if (node.matches(names)) kept.push(node);
    } else {
      const children = keptRules(node.children, names);
      // A layer stays, even empty: its first mention fixes its place in the cascade.
      if (children.length || /^@layer\b/i.test(node.prelude)) kept.push({ ...node, children });
    }
  }
  return kept;
}

const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/**
 * The custom properties read (`var(--…)`) by the kept rules, by the variables they read in turn,
 * or by `found` (the page's inline styles).
 */
function readVariables(nodes: CssNode[], found: Set<string>): Set<string> {
  const definitions: { name: string; text: string }[] = [];
  const visit = (list: CssNode[]) => {
    for (const node of list) {
      if (node.kind === 'group') visit(node.children);
      else if (node.kind === 'rule' && node.variables) definitions.push(...node.variables);
      else for (const match of node.text.matchAll(VARIABLE_USE)) found.add(match[1]);
    }
  };
  visit(nodes);
  for (let grew = true; grew;) {
    grew = false;
    for (const definition of definitions) {
      if (!found.has(definition.name)) continue;
      for (const match of definition.text.matchAll(VARIABLE_USE)) {
        if (!found.has(match[1])) {
          found.add(match[1]);
          grew = true;
        }
      }
    }
  }
  return found;
}

function serialize(nodes: CssNode[], read: ReadonlySet<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'group') out += `${node.prelude}{${serialize(node.children, read)}}`;
    else if (node.kind === 'raw') {
      if (!node.property || read.has(node.property)) out += node.text;
    } else if (node.variables) {
      const wanted = node.variables.filter((v) => read.has(v.name));
      if (wanted.length) out += `${node.selector}{${wanted.map((v) => v.text).join(';')}}`;
    } else out += node.text;
  }
  return out;
}

/**
 * The rules of `nodes` that can match a page with `names`, as CSS. At-rules that hold no rule
 * left are dropped, but for `@layer` blocks, kept empty. Custom properties (the theme's colours,
 * Tailwind's defaults and their `@property` registrations) are kept when a kept rule or the
 * page's own styles read them (`variables`).
 */
export function pickRules(nodes: CssNode[], names: PageNames, variables: ReadonlySet<string> = new Set()): string {
  const kept = keptRules(nodes, names);
  return serialize(kept, readVariables(kept, new Set(variables)));
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#x27': "'" };
const decode = (value: string) => value.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_, name: string) => ENTITIES[name]);

/** The class names and ids in the elements of `html` (its `class` and `id` attributes). */
export function pageNames(html: string): PageNames {
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const match of html.matchAll(/\s(class|id)="([^"]*)"/g)) {
    if (match[1] === 'id') ids.add(decode(match[2]));
    else for (const name of decode(match[2]).split(/\s+/)) if (name) classes.add(name);
  }
  return { classes, ids };
}

/** One built stylesheet: its URL and text. */
export interface BuiltSheet {
  href: string;
  css: string;
}

/** The sheet written whole into the page; its link stays, disabled, so that no route chunk fetches it again. */
export function inlineSheetTags(sheet: BuiltSheet): string {
  return `<style>${sheet.css}</style><link rel="stylesheet" crossorigin href="${sheet.href}" disabled>`;
}

/**
 * The page's own rules inline, and the whole sheet as a print sheet: fetched without holding the
 * first paint, applied by /start.js (`data-rest`) once loaded. Route chunks that list the sheet
 * find its link and do not fetch it again. At a high priority: the modules run after it, and a
 * print sheet is otherwise fetched last, after every module and picture.
 */
export function criticalSheetTags(sheet: BuiltSheet, critical: string): string {
  return `<style>${critical}</style><link rel="stylesheet" crossorigin href="${sheet.href}" media="print" fetchpriority="high" data-rest>`;
}

/**
 * For the built `sheets` written inline (`inlineSheetTags`): a function that gives a rendered
 * page the critical CSS of its own HTML instead of the whole sheets. A sheet that could close its
 * own `<style>` element is never inline, so never written here either.
 */
export function criticalCss(sheets: BuiltSheet[]): (html: string) => string {
  const parsed = sheets.filter((sheet) => !/<\/style/i.test(sheet.css)).map((sheet) => ({ sheet, nodes: parseStylesheet(sheet.css) }));
  return (html) => {
    if (!parsed.length) return html;
    const names = pageNames(html);
    let out = html;
    for (const { sheet, nodes } of parsed) {
      const whole = inlineSheetTags(sheet);
      const at = out.indexOf(whole);
      if (at === -1) continue;
      // The page's own inline styles may read the theme's variables too.
      const rest = out.slice(0, at) + out.slice(at + whole.length);
      const variables = new Set([...rest.matchAll(VARIABLE_USE)].map((m) => m[1]));
      out = out.slice(0, at) + criticalSheetTags(sheet, pickRules(nodes, names, variables)) + out.slice(at + whole.length);
    }
    return out;
  };
}
