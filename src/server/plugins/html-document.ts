// A page's HTML document, put together from its parts: the shell (web/document.ts), the page's
// head tags, the built files from Vite's manifest (web-manifest.ts) and the server's first view.
import { DOCUMENT } from '../../web/document';
import { FIRST_RENDER_ELEMENT_ID } from '../../web/lib/first-render';
import { escapeHtml } from '../shared/mail-templates';
import { inlineSheetTags } from './critical-css';
import type { EntryFiles, PageFiles } from './web-manifest';

export interface DocumentParts {
  /** The page's own head tags (title, description, canonical…); the shop's defaults when empty. */
  headTags?: string[];
  entry: EntryFiles;
  /** The page's chunks and stylesheets beyond the entry's, fetched with it instead of after it runs. */
  page?: PageFiles;
  /** The built stylesheet's text, to write into the page, or null to link it (web-manifest.ts). */
  inlineCss: (url: string) => string | null;
  /**
   * The server's first view: the root's HTML and the JSON data block that goes right after it, and
   * the answers with prices a returning customer's browser fetches early (entry-server.tsx).
   */
  firstView?: { html: string; data: string; returning?: boolean; priced?: string[] } | null;
  /** Same-origin GETs the app makes at start, preloaded when the browser renders the page itself. */
  startupFetches?: string[];
  /** The start script's text, written into a returning visitor's page (inline-start.ts); else /start.js is linked. */
  startScript?: string | null;
}

const INDENT = '\n    ';

export function defaultHeadTags(): string[] {
  const { title, description } = DOCUMENT.defaultHead;
  return [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(description)}" />`];
}

const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;

/**
 * The scripts of the page. One whose first view is in the HTML paints before its scripts run: the
 * start script requests them once the view has painted with its first photos and runs them one by
 * one, the entry's imports (React) first, so that no single task is long. A returning visitor's
 * page (`returning`: the age cookie or the session hint) has the start script written in
 * (`startScript`, inline-start.ts) and preloads the modules from the head: they came back to buy,
 * and the code is what answers their taps. A first visitor's page links /start.js, asked for first
 * and at a high priority, and stays the lighter page to serve: the age gate is what they read
 * first. Otherwise the entry script loads at once, its imports and the page's chunks preloaded
 * beside it.
 */
export function scriptTags(
  entry: EntryFiles,
  pageScripts: string[],
  firstView: { returning?: boolean; priced?: string[] } | null,
  startScript: string | null = null,
): string[] {
  if (firstView) {
    const modules = [...entry.imports, ...pageScripts];
    const priced = firstView.priced ?? [];
    const pricedAttribute = priced.length ? ` data-priced="${escapeHtml(priced.join(' '))}"` : '';
    const attributes = `data-entry="${entry.script}" data-modules="${modules.join(' ')}"${pricedAttribute}`;
    return [
      firstView.returning && startScript !== null
        ? `<script ${attributes}>${startScript}</script>`
        : `<script async fetchpriority="high" src="/start.js" ${attributes}></script>`,
      ...(firstView.returning ? [...modules, entry.script].map(modulePreload) : []),
    ];
  }
  return [
    ...pageScripts.map(modulePreload),
    `<script type="module" crossorigin src="${entry.script}"></script>`,
    ...entry.imports.map(modulePreload),
  ];
}

/**
 * The stylesheets. The entry's are written into the page instead of linked: the first paint waits
 * for the CSS, and on a phone's slow connection fetching it cost a round trip (or two, on a
 * connection of its own) after the HTML. A file that could close its own element stays linked.
 *
 * The link stays too, disabled: never fetched nor applied, it tells a route chunk that lists the
 * stylesheet among its dependencies that it is loaded. Else the first client-side move to such a
 * page fetched it again, and as a late link it came after the admin's stylesheet, whose classes
 * it would reorder (features/admin/admin.css).
 */
export function stylesheetTags(entryCss: string[], pageCss: string[], inlineCss: (url: string) => string | null): string[] {
  const link = (href: string, disabled = false) => `<link rel="stylesheet" crossorigin href="${href}"${disabled ? ' disabled' : ''}>`;
  return [
    ...entryCss.map((href) => {
      const css = inlineCss(href);
      return css === null || /<\/style/i.test(css) ? link(href) : inlineSheetTags({ href, css });
    }),
    ...pageCss.map((href) => link(href)),
  ];
}

/**
 * The first view is painted once its HTML is parsed whole (up to the data block after it), never
 * a part of it: on a slow phone the parser yields mid-page, and a paint then showed a grid row
 * before its later cards, which, taller, stretched it and moved the earlier cards' bottom rows, or
 * the header before its right-hand links, which moved the search box (a layout shift either way).
 */
const FIRST_VIEW_PARSED = `<link rel="expect" href="#${FIRST_RENDER_ELEMENT_ID}" blocking="render">`;

export function htmlDocument(parts: DocumentParts): string {
  const firstView = parts.firstView ?? null;
  const page = parts.page ?? { scripts: [], css: [] };
  const head = [
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<meta name="theme-color" content="${DOCUMENT.themeColor}" />`,
    ...(parts.headTags?.length ? parts.headTags : defaultHeadTags()),
    ...(firstView ? [FIRST_VIEW_PARSED] : []),
    ...(firstView ? [] : (parts.startupFetches ?? []).map((href) => `<link rel="preload" as="fetch" href="${href}" crossorigin />`)),
    `<link rel="icon" href="${DOCUMENT.icon.href}" type="${DOCUMENT.icon.type}" />`,
    ...stylesheetTags(parts.entry.css, page.css, parts.inlineCss),
    ...scriptTags(parts.entry, page.scripts, firstView, parts.startScript),
  ];
  const root = `<div id="${DOCUMENT.rootId}">${firstView?.html ?? ''}</div>${firstView?.data ?? ''}`;
  return [
    '<!doctype html>',
    `<html lang="${DOCUMENT.lang}">`,
    '  <head>',
    `    ${head.join(INDENT)}`,
    '  </head>',
    `  <body class="${DOCUMENT.bodyClass}">`,
    `    ${root}`,
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}
