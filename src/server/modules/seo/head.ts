// The head tags a page is served with (title, description, canonical, Open Graph, JSON-LD), so
// crawlers and link previews see each page's own texts without running the app.
import { scriptJson } from '../../../domain/text';
import { escapeHtml } from '../../shared/mail-templates';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  ogType: 'website' | 'product';
  /** Absolute image URL for link previews. */
  image?: string;
  /** Pages that must not be indexed (a product that does not exist). */
  noindex?: boolean;
  /** Structured data (schema.org), one script per object. */
  jsonLd?: object[];
  /** Images the page shows first (its largest paint), fetched while the app's scripts load. */
  preloadImages?: ImagePreload[];
}

/** The attributes must be those of the <img> the page renders, or the browser fetches twice. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
}

/** Collapses whitespace and cuts at a word boundary: meta descriptions show about 160 characters. */
export function plainSummary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

export function renderHeadTags(head: PageHead, siteName: string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`]),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', 'es_AR'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    ...(head.preloadImages ?? []).map(
      (image) =>
        `<link rel="preload" as="image" href="${escapeHtml(image.href)}"` +
        (image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}"` : '') +
        (image.sizes && image.srcset ? ` imagesizes="${escapeHtml(image.sizes)}"` : '') +
        ' fetchpriority="high" />',
    ),
  ];
  return tags.join('\n    ');
}
