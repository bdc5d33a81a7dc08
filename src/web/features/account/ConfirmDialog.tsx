// A modal confirmation on the native <dialog>: focus moves in, Escape closes, the page behind is inert.
import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import { DialogActions, type ConfirmationProps } from '../../components/ui/DialogActions';
import { useModalDialog } from '../../components/Modal';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Volver',
  busy,
  busyLabel,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmationProps & { cancelLabel?: string }) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const bodyId = useId();

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the dialog; the keyboard closes it with Escape, natively
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current && !busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 text-sm text-stone-700">
            {children}
          </div>
          <DialogActions onCancel={onClose} cancelLabel={cancelLabel} busy={busy} focusCancel className="mt-6">
            <Button variant={tone} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </div>
      )}
    </dialog>
  );
}
