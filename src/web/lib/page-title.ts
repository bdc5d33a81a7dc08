import { useEffect } from 'react';
import { SHOP_NAME } from '../../domain/shop';

/** A tab title: the page, then the shop; a count of things waiting goes first, '(3) Pedidos - …'. */
export const documentTitle = (title: string, count?: number) => `${count ? `(${count}) ` : ''}${title} - ${SHOP_NAME}`;

/** Sets the tab title, whole. */
export function useDocumentTitle(fullTitle: string) {
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}

/** Sets the tab title of a storefront page. */
export const usePageTitle = (title: string) => useDocumentTitle(documentTitle(title));
