// The modal dialogs open now, in the order they opened. A modal dialog sits in the top layer, over
// everything else, and makes the rest of the page inert: a toast shown outside it would be covered
// by its backdrop and out of reach, so the toasts go inside the last one opened (lib/toast.tsx).
import { useSyncExternalStore } from 'react';

const opened: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Registers a dialog just shown as a modal; the function returned forgets it. */
export function dialogOpened(dialog: HTMLDialogElement): () => void {
  opened.push(dialog);
  // A close the page did not ask for (Escape on a dialog that lets it) is heard too.
  dialog.addEventListener('close', changed);
  changed();
  return () => {
    dialog.removeEventListener('close', changed);
    const index = opened.indexOf(dialog);
    if (index >= 0) opened.splice(index, 1);
    changed();
  };
}

const topDialog = () => opened.findLast((dialog) => dialog.open) ?? null;

/** The modal dialog on top of the others, or null when none is open. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    topDialog,
    () => null,
  );
}
