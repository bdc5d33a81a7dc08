// The shop's identity as the storefront shows it (name, external links).

export { SHOP_NAME } from '../../domain/shop';
/** spec storefront §2 header: 'Artículos' is the shop's external accessories store. */
export const ARTICLES_URL = 'https://articulos.semillasdelsur.com.ar';
export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/semillasdelsur' },
  { name: 'Facebook', href: 'https://www.facebook.com/semillasdelsur' },
] as const;
export const FALLBACK_IMAGE = '/logo.svg';
