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

function parseInline(text: string, allowLinks = true): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('**', i)) {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'bold', children: parseInline(text.slice(i + 2, end), allowLinks) });
        i = end + 2;
        continue;
      }
    }
    if (allowLinks && text[i] === '[') {
      const match = /^\[([^\]\n]+)\]\(([^()\s]+)\)/.exec(text.slice(i));
      if (match && isSafeHref(match[2])) {
        flush();
        out.push({ kind: 'link', href: match[2].trim(), children: parseInline(match[1], false) });
        i += match[0].length;
        continue;
      }
    }
    plain += text[i];
    i++;
  }
  flush();
  return out;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;

export function parseMarkdown(source: string): Block[] {
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
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', level: (heading[1].length + 1) as 2 | 3 | 4, children: parseInline(heading[2]) });
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
