import { useEffect } from 'react';

/** Sets the tab title of a storefront page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - Semillas del Sur`;
  }, [title]);
}
