// The shop's identity as the storefront shows it (name, external links; its social networks are in the contact settings).

export { SHOP_NAME } from '../../domain/shop';
/** spec storefront §2 header: 'Artículos' is the shop's external accessories store. */
export const ARTICLES_URL = 'https://articulos.semillasdelsur.com.ar';
export const FALLBACK_IMAGE = '/logo.svg';
