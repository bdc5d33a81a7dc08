// Renders the shop's Markdown subset (domain/markdown.ts) as React elements: staff text never
// becomes HTML, so a '<script>' in it shows as text. Links go only to http(s) and mailto.
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../../domain/markdown';

function inline(parts: Inline[]): ReactNode[] {
  return parts.map((part, i) => {
    if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
    if (part.kind === 'bold') return <strong key={i}>{inline(part.children)}</strong>;
    const external = !part.href.toLowerCase().startsWith('mailto:');
    return (
      <a
        key={i}
        href={part.href}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
      >
        {inline(part.children)}
      </a>
    );
  });
}

const HEADING_CLASS = {
  2: 'mt-8 text-xl font-bold text-stone-900',
  3: 'mt-6 text-lg font-semibold text-stone-900',
  4: 'mt-4 font-semibold text-stone-900',
} as const;

export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  const blocks = parseMarkdown(source);
  return (
    <div className={`break-words text-stone-700 [&>*:first-child]:mt-0 ${className}`}>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const Tag = `h${block.level}` as const;
          return (
            <Tag key={i} className={HEADING_CLASS[block.level]}>
              {inline(block.children)}
            </Tag>
          );
        }
        if (block.kind === 'paragraph')
          return (
            <p key={i} className="mt-3 leading-relaxed">
              {block.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  {inline(line)}
                </Fragment>
              ))}
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i} className={`mt-3 space-y-1.5 pl-6 leading-relaxed ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
            {block.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
