// The one confirmation dialog (delete, cancel and similar) of the storefront and the back office, on
// the shared native-<dialog> modal: the cancel button takes the focus, Escape and a click on the
// backdrop close it, and none of them while the action runs.
import { useId } from 'react';
import { Modal } from '../Modal';
import { Button } from './Button';
import { DialogActions, type ConfirmationProps } from './DialogActions';

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  busyLabel,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmationProps) {
  const bodyId = useId();
  return (
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      describedBy={bodyId}
      className="!max-w-md"
      footer={
        <DialogActions onCancel={onClose} cancelLabel={cancelLabel} busy={busy} focusCancel>
          <Button variant={tone} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      <div id={bodyId} className="text-sm text-stone-700">
        {children}
      </div>
    </Modal>
  );
}
