// A tiny, safe Markdown subset for the shop's legal pages: headings (#, ##, ###), paragraphs,
// bulleted and numbered lists, **bold** and [links](https://…) whose address is http(s) or mailto.
// It parses into plain data that the web renders as React elements, so no HTML written by staff
// ever reaches the page: '<script>' is text like any other.

export type Inline =
  { kind: 'text'; text: string } | { kind: 'bold'; children: Inline[] } | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** Whether a link's address may be followed: http(s) and mailto only (no javascript:, data:…). */
export const isSafeHref = (href: string) => SAFE_HREF.test(href.trim());

// Every scan below moves forward only, and what a position needs to know ahead (where the next
// ']' is, whether a link's address closes) is read once: a body of 50,000 '[' or '*' costs what a
// body of letters costs. A pattern run from each '[' (/^\[([^\]]+)\]\(…\)/ on the rest of the
// line) read the line again for each one: a page of brackets took seconds to parse.
function parseInline(text: string, allowLinks = true): Inline[] {
  const out: Inline[] = [];
  let plainStart = 0;
  const flush = (end: number) => {
    if (end > plainStart) out.push({ kind: 'text', text: text.slice(plainStart, end) });
  };
  // The next ']' at or after each position (text.length when none): one pass from the end.
  let nextClose: Int32Array | null = null;
  const closeAfter = (from: number) => {
    if (!nextClose) {
      nextClose = new Int32Array(text.length + 1);
      nextClose[text.length] = text.length;
      for (let k = text.length - 1; k >= 0; k--) nextClose[k] = text[k] === ']' ? k : nextClose[k + 1];
    }
    return nextClose[from];
  };
  // Where the address after each ']' ends ('](address)'), or -1: many '[' may share one ']'.
  const hrefEnds = new Map<number, number>();
  const hrefEndAfter = (close: number) => {
    let end = hrefEnds.get(close);
    if (end === undefined) {
      end = -1;
      if (text[close + 1] === '(') {
        let k = close + 2;
        while (k < text.length && !/[()\s]/.test(text[k])) k++;
        if (k > close + 2 && text[k] === ')') end = k;
      }
      hrefEnds.set(close, end);
    }
    return end;
  };
  // Past the last '**' there is none to close a bold: stop looking for one.
  let boldSearchFrom = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '*' && text[i + 1] === '*' && boldSearchFrom !== -1) {
      const end = text.indexOf('**', Math.max(i + 2, boldSearchFrom));
      boldSearchFrom = end;
      if (end > i + 2) {
        flush(i);
        out.push({ kind: 'bold', children: parseInline(text.slice(i + 2, end), allowLinks) });
        i = end + 2;
        plainStart = i;
        continue;
      }
    }
    if (allowLinks && text[i] === '[') {
      const close = closeAfter(i + 1);
      const hrefEnd = close > i + 1 && close < text.length ? hrefEndAfter(close) : -1;
      const href = hrefEnd === -1 ? '' : text.slice(close + 2, hrefEnd);
      if (hrefEnd !== -1 && isSafeHref(href)) {
        flush(i);
        out.push({ kind: 'link', href: href.trim(), children: parseInline(text.slice(i + 1, close), false) });
        i = hrefEnd + 1;
        plainStart = i;
        continue;
      }
    }
    i++;
  }
  flush(text.length);
  return out;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/**
 * '# Título', '## Título ##': the level (1 to 3 marks) and the text without its closing marks,
 * or null. Read by hand: /^(#{1,3})\s+(.*?)\s*#*\s*$/ tried every end of a long line of spaces.
 */
function readHeading(line: string): { marks: number; text: string } | null {
  let marks = 0;
  while (line[marks] === '#') marks++;
  if (marks < 1 || marks > 3 || !/\s/.test(line[marks] ?? '')) return null;
  let end = line.length;
  const spaceAt = (k: number) => /\s/.test(line[k]);
  while (end > marks && spaceAt(end - 1)) end--;
  while (end > marks && line[end - 1] === '#') end--;
  while (end > marks && spaceAt(end - 1)) end--;
  return { marks, text: line.slice(marks, end).trimStart() };
}

/** The last pages parsed: a page is parsed once per text, not once per render or head. */
const parsed = new Map<string, Block[]>();
const PARSED_KEPT = 8;

/** The blocks of `source`. Shared between callers: read them, never change them. */
export function parseMarkdown(source: string): Block[] {
  let blocks = parsed.get(source);
  if (!blocks) {
    blocks = parseBlocks(source);
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
    parsed.set(source, blocks);
  }
  return blocks;
}

function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const close = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = null;
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      close();
      continue;
    }
    const heading = readHeading(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', level: (heading.marks + 1) as 2 | 3 | 4, children: parseInline(heading.text) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = !!numbered;
      if (!list || list.ordered !== ordered) {
        close();
        list = { ordered, items: [] };
      }
      list.items.push(parseInline(item[1]));
      continue;
    }
    if (list) {
      // An indented line continues the list item before it.
      if (/^\s+/.test(raw) && list.items.length) {
        list.items[list.items.length - 1].push({ kind: 'text', text: ` ${line.trim()}` });
        continue;
      }
      close();
    }
    paragraph ??= [];
    paragraph.push(parseInline(line.trim()));
  }
  close();
  return blocks;
}

/** The text without its marks: for descriptions and searches. */
export function plainText(blocks: Block[]): string {
  const inline = (parts: Inline[]): string => parts.map((p) => (p.kind === 'text' ? p.text : inline(p.children))).join('');
  return blocks
    .map((b) =>
      b.kind === 'heading' ? inline(b.children) : b.kind === 'paragraph' ? b.lines.map(inline).join(' ') : b.items.map(inline).join(' '),
    )
    .join(' ');
}
