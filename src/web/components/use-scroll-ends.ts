// Whether a horizontal scroller shows its first and its last item, so its arrows can be disabled
// at the ends (and hidden when everything fits).
import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEnds {
  atStart: boolean;
  atEnd: boolean;
}

// A pixel of slack: zoom and snapping leave fractional scroll positions.
const SLACK = 1;

export function useScrollEnds(ref: RefObject<HTMLElement | null>, itemCount: number): ScrollEnds {
  const [ends, setEnds] = useState<ScrollEnds>({ atStart: true, atEnd: true });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const atStart = el.scrollLeft <= SLACK;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - SLACK;
      setEnds((old) => (old.atStart === atStart && old.atEnd === atEnd ? old : { atStart, atEnd }));
    };
    el.addEventListener('scroll', measure, { passive: true });
    // The observer's first call, once the page is laid out, is the first measure: measuring here
    // would force a layout in the middle of the hydration (a 7 ms task on a slow phone).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref, itemCount]);
  return ends;
}
