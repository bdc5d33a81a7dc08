import { useEffect } from 'react';
import { SHOP_NAME } from '../../domain/shop';

/** Sets the tab title of a storefront page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - ${SHOP_NAME}`;
  }, [title]);
}
