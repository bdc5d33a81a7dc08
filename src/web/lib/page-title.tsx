// A page's tab title, rendered in the page: React puts a <title> rendered anywhere into the head,
// and takes it out when the page goes. The server writes each page's title into the HTML's head
// itself (modules/seo), so its render leaves this one out; hydration passes over titles, so the
// browser's first render may have it where the server's had none.
import { SHOP_NAME } from '../../domain/shop';

/** A tab title: the page, then the shop; a count of things waiting goes first, '(3) Pedidos - …'. */
export const documentTitle = (title: string, count?: number) => `${count ? `(${count}) ` : ''}${title} - ${SHOP_NAME}`;

/** The tab title, whole. */
export function DocumentTitle({ children }: { children: string }) {
  return typeof document === 'undefined' ? null : <title>{children}</title>;
}

/** The tab title of a storefront page: the page, then the shop. */
export const PageTitle = ({ children }: { children: string }) => <DocumentTitle>{documentTitle(children)}</DocumentTitle>;
