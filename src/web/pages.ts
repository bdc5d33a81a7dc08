// The route table: every page of the shop's frame, declared once. The browser's router
// (routes.tsx), the server's first render (entry-server.tsx), the page's head and kept URL
// (server/modules/seo, server/plugins/static-web.ts) and the build (compile hints, critical CSS)
// all read it. Plain data: the server and the build import it without React.
import { SHOP_NAME } from '../domain/shop.ts';
import { FILTER_PARAMS, SEARCH_PARAMS } from './features/catalog/filters.ts';

/**
 * What the server renders of the page: 'full' for a page that is the same for every visitor until
 * the session is known; 'frame' for one whose body depends on the visitor (session, cart cookie):
 * header, footer and its fallback in the page's place, exactly what the browser's router shows
 * until the page's code has loaded. Without it the browser renders the page itself.
 */
export type FirstView = 'full' | 'frame';

/** A head written here: the canonical URL is the page's own path. */
export interface FixedHead {
  title: string;
  description: string;
  /** schema.org objects, one script each. */
  structuredData?: (publicUrl: string) => object[];
}

/**
 * A head made from the catalogue on the server (modules/seo): a product, a brand's catalog, a legal
 * text. `fixed` is the head when the URL names nothing of it (the whole catalog, a search).
 */
export interface DataHead {
  from: 'catalog' | 'product' | 'legal-page';
  fixed?: Omit<FixedHead, 'structuredData'>;
}

/** The skeletons a page shows until its code has loaded (routes.tsx), PageLoader when not given. */
export type PageFallback = 'cart' | 'warranty' | 'login' | 'register' | 'reset' | 'account';
/** Who may see the page: only signed-out visitors (login, register) or only signed-in ones. */
export type PageGuard = 'signed-out' | 'signed-in';

export interface PageDeclaration {
  /** The router's path inside the shop's frame ('' for the home page), `:name` for a parameter. */
  path: string;
  /**
   * The page's module under src/web, a `*Page.tsx` file of a feature (or of src/web itself when it
   * puts several features together): the router loads it on demand, and the
   * server finds its built chunk, stylesheets and imports by this name in Vite's manifest.
   */
  module: string;
  /** The page's export when it is not the default one. */
  export?: string;
  firstView?: FirstView;
  /** Usually the first page a customer lands on: the build favours its first load. */
  landing?: boolean;
  head?: FixedHead | DataHead;
  /**
   * The query parameters the page reads. `kept`: a rendered page is kept once per their values,
   * any other parameter is left out of the URL it is kept under; `rendered`: a URL with one of
   * these is rendered every time (a search). A page without it reads none.
   */
  params?: { kept: readonly string[]; rendered: readonly string[] };
  fallback?: PageFallback;
  guard?: PageGuard;
  /** Where the page's error screen leads back to, when not the home page. */
  errorHome?: { to: string; label: string };
}

const HOME_DESCRIPTION =
  'Semillas de cannabis de los mejores bancos nacionales e internacionales. Envíos a todo el país y garantía de germinación.';

/** The home page's schema.org data: the shop as a site that can be searched, and as an organization. */
function shopStructuredData(publicUrl: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SHOP_NAME,
      url: `${publicUrl}/`,
      inLanguage: 'es-AR',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}/productos?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    { '@context': 'https://schema.org', '@type': 'Organization', name: SHOP_NAME, url: `${publicUrl}/`, logo: `${publicUrl}/logo.svg` },
  ];
}

export const PAGES: readonly PageDeclaration[] = [
  {
    path: '',
    module: 'features/home/HomePage.tsx',
    firstView: 'full',
    landing: true,
    head: { title: `${SHOP_NAME} - Banco de semillas de cannabis`, description: HOME_DESCRIPTION, structuredData: shopStructuredData },
  },
  {
    path: 'productos',
    module: 'features/catalog/CatalogPage.tsx',
    firstView: 'full',
    landing: true,
    head: {
      from: 'catalog',
      fixed: {
        title: `Catálogo de semillas - ${SHOP_NAME}`,
        description:
          'Catálogo de semillas de cannabis automáticas, feminizadas y regulares de bancos nacionales e internacionales. Filtra por banco, tipo y ofertas.',
      },
    },
    params: { kept: FILTER_PARAMS, rendered: SEARCH_PARAMS },
  },
  { path: 'producto/:id', module: 'features/product/ProductPage.tsx', firstView: 'full', landing: true, head: { from: 'product' } },
  {
    path: 'como-germinar',
    module: 'features/guide/GuidePage.tsx',
    firstView: 'full',
    head: {
      title: `Garantía y Germinación - ${SHOP_NAME}`,
      description: 'Cómo germinar tus semillas paso a paso y cómo funciona la garantía de germinación de los bancos.',
    },
  },
  {
    path: 'contacto',
    module: 'features/legal/ContactPage.tsx',
    firstView: 'full',
    head: {
      title: `Contacto - ${SHOP_NAME}`,
      description: `Escríbenos por WhatsApp, email o Instagram. Datos fiscales de ${SHOP_NAME} y tus derechos como consumidor.`,
    },
  },
  { path: 'terminos', module: 'features/legal/LegalPage.tsx', export: 'TermsPage', firstView: 'full', head: { from: 'legal-page' } },
  { path: 'privacidad', module: 'features/legal/LegalPage.tsx', export: 'PrivacyPage', firstView: 'full', head: { from: 'legal-page' } },
  {
    path: 'cambios-y-devoluciones',
    module: 'features/legal/LegalPage.tsx',
    export: 'ReturnsPage',
    firstView: 'full',
    head: { from: 'legal-page' },
  },
  {
    path: 'arrepentimiento',
    module: 'features/legal/RevocationPage.tsx',
    firstView: 'full',
    head: {
      title: `Botón de arrepentimiento - ${SHOP_NAME}`,
      description:
        'Revoca tu compra dentro de los 10 días corridos desde que la recibiste, sin costo (Ley 24.240, art. 34): completa el formulario y recibe tu código.',
    },
  },
  // The unsubscribe link of a reminder e-mail: its token is in the URL, so only the frame is kept.
  { path: 'baja', module: 'features/unsubscribe/UnsubscribePage.tsx', firstView: 'frame' },
  { path: 'carrito', module: 'features/cart/CartPage.tsx', firstView: 'frame', fallback: 'cart' },
  { path: 'garantia', module: 'features/warranty/GuestWarrantyPage.tsx', firstView: 'frame', fallback: 'warranty' },
  { path: 'login', module: 'features/auth/LoginPage.tsx', firstView: 'frame', fallback: 'login', guard: 'signed-out' },
  { path: 'crear-cuenta', module: 'features/auth/RegisterPage.tsx', firstView: 'frame', fallback: 'register', guard: 'signed-out' },
  {
    path: 'recuperar-contrasena',
    module: 'features/auth/PasswordResetPage.tsx',
    firstView: 'frame',
    fallback: 'reset',
    guard: 'signed-out',
  },
  {
    path: 'mi-cuenta',
    module: 'MyAccountPage.tsx',
    firstView: 'frame',
    fallback: 'account',
    guard: 'signed-in',
    errorHome: { to: '/mi-cuenta', label: 'Volver a Mi cuenta' },
  },
];

/** The pages a customer usually lands on first. */
export const landingPages = (): PageDeclaration[] => PAGES.filter((page) => page.landing);

export interface PageMatch {
  page: PageDeclaration;
  params: Record<string, string>;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The page at `pathname` (decoded, a trailing slash allowed), as the router matches it, or null. */
export function matchPage(pathname: string): PageMatch | null {
  const parts = segments(pathname);
  for (const page of PAGES) {
    const pattern = segments(page.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) params[segment.slice(1)] = parts[i];
      return segment.startsWith(':') || segment === parts[i];
    });
    if (matches) return { page, params };
  }
  return null;
}
