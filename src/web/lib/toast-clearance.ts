// Toasts stay bottom right (spec storefront §9). A bar held at the bottom of the screen, such as
// a form's save bar, lifts them by its height while it is shown, so no toast covers it, not even
// the stack a hover expands.
import { useEffect, type RefObject } from 'react';

const CLEARANCE_VAR = '--toast-clearance';

/** The toaster's bottom offset: sonner's default plus the bar's height. */
export const toastOffset = (base: number) => `calc(${base}px + var(${CLEARANCE_VAR}, 0px))`;

/** Keeps toasts above `ref`'s element while it is sticky or fixed. */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const position = getComputedStyle(bar).position;
      const held = position === 'sticky' || position === 'fixed';
      root.style.setProperty(CLEARANCE_VAR, held ? `${Math.ceil(bar.getBoundingClientRect().height)}px` : '0px');
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
