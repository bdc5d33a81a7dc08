// A modal on the native <dialog>: focus trap, Escape and the inert page come from the browser.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { dialogOpened } from './open-dialogs';
import { CloseIcon } from './ui/icons';

/**
 * A native <dialog> shown as a modal while `open` and closed otherwise: spread the result on the
 * element. `onClose` hears only closes the browser made (Escape, a form of method dialog). The
 * close event comes a task after `close()`, so one this hook caused would reach a parent that may
 * have opened the dialog again since (another row's details, clicked at once) and shut it.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const closedHere = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React focuses an autoFocus element as it mounts, while its dialog is still closed, which a
      // browser refuses: a modal's first focus is marked data-autofocus and given here.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      closedHere.current = true;
      dialog.close();
    }
    // Open, it holds the toasts (open-dialogs.ts) until it closes or leaves the page.
    if (open) return dialogOpened(dialog);
  }, [open]);
  const handleClose = () => {
    if (closedHere.current) closedHere.current = false;
    else onClose();
  };
  return { ref, onClose: handleClose };
}

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  /** The id of the element inside that describes the dialog (a confirmation's question). */
  describedBy?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** 'sheet' fills the screen on mobile (filters); 'center' is a card. */
  variant?: 'center' | 'sheet';
  className?: string;
}

export function Modal({ open, onClose, title, hideTitle, describedBy, children, footer, variant = 'center', className = '' }: ModalProps) {
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();

  const layout =
    variant === 'sheet'
      ? 'm-0 h-dvh max-h-dvh w-full max-w-full sm:m-auto sm:h-auto sm:max-h-[90dvh] sm:max-w-lg sm:rounded-2xl'
      : 'm-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl rounded-2xl';

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the dialog; the keyboard closes it with Escape, natively
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
      className={`${layout} bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/60 backdrop:backdrop-blur-sm ${className}`}
    >
      {open && (
        <div className="relative flex h-full max-h-[inherit] flex-col">
          {hideTitle ? (
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
          ) : (
            <div className="flex items-center justify-between gap-4 border-b border-stone-200 py-3 pl-5 pr-14">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
            </div>
          )}
          <button
            type="button"
            onClick={onClose}
            className="absolute right-2 top-2 z-10 rounded-full bg-white/90 p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            aria-label="Cerrar"
          >
            <CloseIcon />
          </button>
          <div className={`flex-1 overflow-y-auto px-5 ${hideTitle ? 'pb-5 pt-5' : 'py-4'}`}>{children}</div>
          {footer && <div className="border-t border-stone-200 px-5 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
