// The orders list's scroll position (issue 21, item 17): kept while the staff scrolls, and given
// back when they return with "← Pedidos" or the browser's back button, once the rows are there.
import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { isReturnToList, savedListScroll, saveListScroll } from './list-memory';
import { jumpTo } from '../../../lib/navigation';

export function useListScrollMemory(search: string, rowsShown: boolean) {
  const state: unknown = useLocation().state;
  const returning = useRef(useNavigationType() === NavigationType.Pop || isReturnToList(state));

  useEffect(() => {
    if (!rowsShown || !returning.current) return;
    const y = savedListScroll(search);
    // After the layout's scroll to the top of a new page (its effect runs after this one).
    const frame = requestAnimationFrame(() => {
      returning.current = false;
      if (y) jumpTo(y);
    });
    return () => cancelAnimationFrame(frame);
  }, [rowsShown, search]);

  useEffect(() => {
    let frame = 0;
    const listPath = window.location.pathname;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // The next page may already be shown (and scrolled to its top) before this one unmounts.
        if (window.location.pathname === listPath) saveListScroll(search, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [search]);
}
