// A confirmation dialog (delete and similar) on the shared native-<dialog> modal.
import { Modal } from '../Modal';
import { Button } from './Button';
import { DialogActions, type ConfirmationProps } from './DialogActions';

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  busy,
  busyLabel,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmationProps) {
  return (
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      title={title}
      className="!max-w-md"
      footer={
        <DialogActions onCancel={onClose} busy={busy} focusCancel>
          <Button variant={tone} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      <div className="text-sm text-stone-700">{children}</div>
    </Modal>
  );
}
