// Toasts stay bottom right (spec storefront §9). What is held at the bottom of the screen, such as
// a form's save bar or the floating WhatsApp button, lifts them above itself while it is shown, so
// no toast covers it or hides under it, not even the stack a hover expands.
import { useEffect, type RefObject } from 'react';

const CLEARANCE_VAR = '--toast-clearance';

/** The toaster's bottom offset: sonner's default plus the bar's height. */
export const toastOffset = (base: number) => `calc(${base}px + var(${CLEARANCE_VAR}, 0px))`;

/** Keeps toasts above `ref`'s element while it is sticky (by its height) or fixed (by its top). */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const position = getComputedStyle(bar).position;
      const box = bar.getBoundingClientRect();
      // A fixed element floats above the bottom edge: toasts clear its top, not only its height.
      const clearance = position === 'fixed' ? Math.max(0, window.innerHeight - box.top) : position === 'sticky' ? box.height : 0;
      root.style.setProperty(CLEARANCE_VAR, `${Math.ceil(clearance)}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(CLEARANCE_VAR);
    };
  }, [ref]);
}
