// Build step: index.html, the bundler's entry and the development server's page, is written from
// the document's parts (document.ts), the same the server assembles each page's HTML from
// (server/plugins/html-document.ts), so that the two never differ.
import type { Plugin } from 'vite';
import { DOCUMENT } from '../document.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page index.html stands for, its entry script `entry`. */
export function shellHtml(entry: string): string {
  const { title, description } = DOCUMENT.defaultHead;
  return `<!doctype html>
<html lang="${DOCUMENT.lang}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="${DOCUMENT.themeColor}" />
    <title>${escape(title)}</title>
    <meta name="description" content="${escape(description)}" />
    <link rel="icon" href="${DOCUMENT.icon.href}" type="${DOCUMENT.icon.type}" />
  </head>
  <body class="${DOCUMENT.bodyClass}">
    <div id="${DOCUMENT.rootId}"></div>
    <script type="module" src="${entry}"></script>
  </body>
</html>
`;
}

export function documentShell(): Plugin {
  return {
    name: 'document-shell',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => shellHtml(/<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '/main.tsx'),
    },
  };
}
