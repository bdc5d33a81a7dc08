// Findability: the head of each public page as the server sends it, the sitemap and robots.txt.
// Everything here is what an anonymous visitor may see: the server never knows who views the
// HTML, so no price ever appears in it.
import { productListQuerySchema, type ProductDto, type ProductType } from '../../../domain/catalog';
import { idParamSchema } from '../../../domain/page';
import { CATALOG_CARD_SIZES, imageSrcSet, PRODUCT_PHOTO_SIZES } from '../../../domain/images';
import { isLegalSlug } from '../../../domain/legal';
import { parseMarkdown, plainText } from '../../../domain/markdown';
import { SHOP_NAME } from '../../../domain/shop';
import { matchPage, PAGES } from '../../../web/pages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { getBrand } from '../brands';
import { getProduct, listBrandRecords, listProducts, listPublicProductDates } from '../catalog';
import { getLegalPage } from '../legal';
import { plainSummary, renderHeadTags, type ImagePreload, type PageHead } from './head';

export interface ServedHead {
  statusCode: number;
  head: PageHead;
}

// What the app requests first on every storefront page it renders itself: the maintenance state
// (its route guard waits for it on a first visit).
const STARTUP_FETCHES = ['/api/core/maintenance-status/'];
/** Cards in the first row on a phone. */
const CATALOG_PRELOADS = 2;

function imagePreload(src: string | null | undefined, sizes: string): ImagePreload | null {
  if (!src || !(src.startsWith('/uploads/') || /^https:\/\//i.test(src))) return null;
  return { href: src, srcset: imageSrcSet(src), sizes };
}

/** An image URL a crawler can fetch: the shop's own paths made absolute, https addresses as they are. */
function absoluteImage(publicUrl: string, src: string | null | undefined): string | undefined {
  if (!src) return undefined;
  if (/^https:\/\//i.test(src)) return src;
  if (src.startsWith('/') && !src.startsWith('//')) return `${publicUrl}${src}`;
  return undefined;
}

/**
 * Catalog reads for pages, kept as briefly as the catalog's own answers (CATALOG_CACHE_MS,
 * cleared by catalog writes): a popular product page costs one read per period.
 */
const cached = <T>(ctx: AppContext, key: string, load: () => Promise<T>) => ctx.caches.catalog.get(`seo ${key}`, load);

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/** The first cards of the catalog as it opens: without filters, or one brand's page. */
async function firstCardImages(ctx: AppContext, params: URLSearchParams, brand?: string): Promise<ImagePreload[]> {
  if ([...params.keys()].some((key) => key !== 'bank')) return [];
  const query = productListQuerySchema.safeParse({ page: 1, brand });
  if (!query.success) return [];
  const page = await cached(ctx, `first-cards ${brand ?? ''}`, () => listProducts(ctx, 'anonymous', query.data));
  return page.results
    .slice(0, CATALOG_PRELOADS)
    .map((p) => imagePreload(p.image, CATALOG_CARD_SIZES))
    .filter((p): p is ImagePreload => p !== null);
}

async function catalogHead(ctx: AppContext, params: URLSearchParams, fixed: { title: string; description: string }): Promise<PageHead> {
  const { publicUrl } = ctx.config;
  const slug = params.get('bank');
  if (slug && !slug.includes(',')) {
    try {
      const brand = await cached(ctx, `brand ${slug}`, () => getBrand(ctx, 'anonymous', slug));
      const about = brand.description ? ` ${brand.description}` : '';
      return {
        preloadImages: await firstCardImages(ctx, params, brand.brand_id),
        title: `Semillas de ${brand.brand_name} - ${SHOP_NAME}`,
        description: plainSummary(`Semillas de ${brand.brand_name} en ${SHOP_NAME}.${about}`),
        canonical: `${publicUrl}/productos?bank=${encodeURIComponent(brand.brand_id)}`,
        ogType: 'website',
        image: absoluteImage(publicUrl, brand.image),
      };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  // Searches, filters and pages are views of the one catalog page.
  return {
    ...fixed,
    canonical: `${publicUrl}/productos`,
    ogType: 'website',
    preloadImages: slug ? [] : await firstCardImages(ctx, params),
  };
}

const CATEGORY_NAMES: Record<ProductType, string> = {
  auto: 'Semillas automáticas',
  fem: 'Semillas feminizadas',
  reg: 'Semillas regulares',
};

function productJsonLd(product: ProductDto, url: string, images: string[]) {
  const properties = [
    ['THC', product.thc],
    ['CBD', product.cbd],
    ['Genotipo', product.genotype],
    ['Tiempo de floración', product.flowering_time],
  ].filter((p): p is [string, string] => Boolean(p[1]));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    ...(images.length ? { image: images } : {}),
    ...(product.description ? { description: plainSummary(product.description, 500) } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    category: CATEGORY_NAMES[product.type],
    ...(properties.length ? { additionalProperty: properties.map(([name, value]) => ({ '@type': 'PropertyValue', name, value })) } : {}),
  };
}

function productNotFoundHead(publicUrl: string, path: string): ServedHead {
  return {
    statusCode: 404,
    head: {
      title: `Producto no encontrado - ${SHOP_NAME}`,
      description: 'El producto que buscas no existe o no está disponible.',
      canonical: `${publicUrl}${path}`,
      ogType: 'website',
      noindex: true,
    },
  };
}

async function productHead(ctx: AppContext, rawId: string, path: string): Promise<ServedHead> {
  const { publicUrl } = ctx.config;
  const parsed = idParamSchema.safeParse({ id: rawId });
  // Only plain decimal ids name a product: '1e3' or '0x10' would coerce to another page.
  if (!parsed.success || !/^\d+$/.test(rawId)) return productNotFoundHead(publicUrl, path);
  let product: ProductDto;
  try {
    // The catalog's anonymous read: no prices.
    product = await cached(ctx, `product ${parsed.data.id}`, () => getProduct(ctx, 'anonymous', parsed.data.id));
  } catch (error) {
    if (isNotFound(error)) return productNotFoundHead(publicUrl, path);
    throw error;
  }
  const url = `${publicUrl}/producto/${product.id}`;
  const images = [product.image, product.image_2, product.image_3]
    .map((src) => absoluteImage(publicUrl, src))
    .filter((src): src is string => Boolean(src));
  const summary = product.description ?? `${product.type_display} de ${product.brand}.`;
  return {
    statusCode: 200,
    head: {
      // spec storefront §2 product detail: page title 'Detalles del Producto - {name}'.
      title: `Detalles del Producto - ${product.name}`,
      description: plainSummary(`${product.name} de ${product.brand}, semilla ${product.type_display.toLowerCase()}. ${summary}`),
      canonical: url,
      ogType: 'product',
      image: images[0],
      jsonLd: [productJsonLd(product, url, images)],
      preloadImages: [imagePreload(product.image, PRODUCT_PHOTO_SIZES)].filter((p): p is ImagePreload => p !== null),
    },
  };
}

/**
 * The head for a storefront URL the server answers with the app's HTML, or null for pages
 * that have the shop's default head (account, cart, login…).
 */
export async function headForUrl(ctx: AppContext, rawUrl: string): Promise<ServedHead | null> {
  const url = new URL(rawUrl, 'http://localhost');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return storefrontHead(ctx, path, url.searchParams);
}

/** The page's head as the route table declares it: its texts, or made from the catalogue. */
async function storefrontHead(ctx: AppContext, path: string, params: URLSearchParams): Promise<ServedHead | null> {
  const { publicUrl } = ctx.config;
  const match = matchPage(path);
  const declared = match?.page.head;
  if (!match || !declared) return null;
  if ('title' in declared) {
    const canonical = `${publicUrl}/${match.page.path}`;
    const head: PageHead = { title: declared.title, description: declared.description, canonical, ogType: 'website' };
    if (declared.structuredData) head.jsonLd = declared.structuredData(publicUrl);
    return { statusCode: 200, head };
  }
  if (declared.from === 'catalog') {
    return { statusCode: 200, head: await catalogHead(ctx, params, declared.fixed ?? { title: SHOP_NAME, description: '' }) };
  }
  if (declared.from === 'product') return productHead(ctx, match.params.id ?? '', path);
  return { statusCode: 200, head: await legalPageHead(ctx, match.page.path) };
}

async function legalPageHead(ctx: AppContext, slug: string): Promise<PageHead> {
  if (!isLegalSlug(slug)) throw new Error(`No legal page ${slug}`);
  const page = await getLegalPage(ctx, slug);
  return {
    title: `${page.title} - ${SHOP_NAME}`,
    description: plainSummary(plainText(parseMarkdown(page.body))),
    canonical: `${ctx.config.publicUrl}/${slug}`,
    ogType: 'website',
  };
}

/** For the static web plugin: the tags and status of the page at `url`. */
export function pageHeadRenderer(ctx: AppContext) {
  return async (url: string) => {
    const served = await headForUrl(ctx, url);
    return (
      served && {
        statusCode: served.statusCode,
        tags: renderHeadTags(served.head, SHOP_NAME),
        startupFetches: STARTUP_FETCHES,
      }
    );
  };
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Every public page worth indexing: the route table's pages with a head, each available product and each visible brand. */
export async function sitemapXml(ctx: AppContext): Promise<string> {
  const { publicUrl } = ctx.config;
  const [products, brands] = await Promise.all([listPublicProductDates(ctx.db), listBrandRecords(ctx.db, { includeHidden: false })]);
  const entry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  // The route table's pages with a head of their own, but those of one product (a path parameter).
  const pages = PAGES.filter((page) => page.head && !page.path.includes(':'));
  const urls = [
    ...pages.map((page) => entry(`${publicUrl}/${page.path}`)),
    ...brands.map((b) => entry(`${publicUrl}/productos?bank=${encodeURIComponent(b.brand_id)}`)),
    ...products.map((p) => entry(`${publicUrl}/producto/${p.id}`, p.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Private pages stay out of search results. The public catalog API stays open: crawlers that
 * render the app fetch it to see the page's content (the longest matching rule wins).
 */
export function robotsTxt(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /mi-cuenta',
    'Disallow: /carrito',
    'Disallow: /api/',
    'Allow: /api/products/',
    'Allow: /api/brands/',
    'Allow: /api/core/maintenance-status/',
    'Allow: /api/core/contact-settings/',
    'Allow: /api/pages/',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
