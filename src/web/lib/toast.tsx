// Toasts (spec storefront §9) without their library in the first load: it is fetched once the
// page is idle, or by the first toast, whichever comes first. A toast published before the list
// is drawn is shown by it when it subscribes (sonner keeps the active ones).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type * as Sonner from 'sonner';
import { useTopDialog } from '../components/open-dialogs';
import { useMediaQuery } from '../components/use-media-query';
import { toastOffset } from './toast-clearance';

type ToastKind = 'success' | 'error' | 'info' | 'warning';
type ToastArguments = Parameters<typeof Sonner.toast.success>;

let library: Promise<typeof Sonner> | undefined;
const whenLoaded = new Set<(sonner: typeof Sonner) => void>();
function loadLibrary() {
  if (!library) {
    library = import('sonner');
    // A failed fetch (the connection dropped) is tried again by the next toast.
    library.then(
      (sonner) => whenLoaded.forEach((loaded) => loaded(sonner)),
      () => (library = undefined),
    );
  }
  return library;
}

function show(kind: ToastKind, ...args: ToastArguments) {
  loadLibrary().then(
    ({ toast }) => toast[kind](...args),
    () => undefined,
  );
}

export const toast = {
  success: (...args: ToastArguments) => show('success', ...args),
  error: (...args: ToastArguments) => show('error', ...args),
  info: (...args: ToastArguments) => show('info', ...args),
  warning: (...args: ToastArguments) => show('warning', ...args),
};

/**
 * The toast list: 3 s, at most 3, bottom right, above a page's save bar. On a phone a toast spans
 * the screen's width, so at the bottom it would cover the row actions and bulk bar the staff is
 * tapping: there it shows at the top, under the sticky header (sonner's own phone width). While a
 * modal dialog is open the list is drawn inside it: anywhere else the dialog's backdrop would
 * cover it (the top layer) and the browser would make it inert.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 600px)');
  const [Toaster, setToaster] = useState<typeof Sonner.Toaster | null>(null);
  const dialog = useTopDialog();
  useEffect(() => {
    const loaded = (sonner: typeof Sonner) => setToaster(() => sonner.Toaster);
    whenLoaded.add(loaded);
    if (library) void library.then(loaded);
    // Fetched once the page is drawn and answering; a toast asked for sooner fetches it at once.
    const load = () => void loadLibrary();
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 3000 }) : window.setTimeout(load, 1000);
    return () => {
      whenLoaded.delete(loaded);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  if (!Toaster) return null;
  const list = (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      duration={3000}
      visibleToasts={3}
      richColors
      closeButton
      offset={{ bottom: toastOffset(24) }}
      // Below the sticky header on a phone (admin 56 px, storefront 65 px).
      mobileOffset={{ top: 72, bottom: toastOffset(16) }}
    />
  );
  // Moved, the list starts anew and shows the toasts still active (sonner keeps them).
  return dialog ? createPortal(list, dialog) : list;
}
