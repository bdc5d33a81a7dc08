// The HTML document around every page, its parts the same for all: the server assembles each
// page's document from them (server/plugins/html-document.ts) and the build writes them into
// index.html for the development server (vite.config.ts). A page's own head (title, description,
// canonical…) comes from the route table (pages.ts).
import { PAGES, type FixedHead } from './pages.ts';

export const DOCUMENT = {
  lang: 'es',
  themeColor: '#14532d',
  icon: { href: '/favicon.svg', type: 'image/svg+xml' },
  bodyClass: 'bg-stone-50 text-stone-900 antialiased',
  rootId: 'root',
  /** The head of a page without one of its own (account, cart, login…): the home page's texts. */
  defaultHead: PAGES.find((page) => page.path === '')!.head as FixedHead,
} as const;
