// "Eliminar …" of an admin list: the confirmation, the delete mutation run from it, and its toasts.
// Refused by the server, it closes and the list is read again (lib/refusal.ts).
import type { ReactNode } from 'react';
import { useCloseOnRefusal } from '../../../lib/refusal';
import { toast } from '../../../lib/toast';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';

interface DeleteMutation<T> {
  mutate(item: T, callbacks: { onSuccess: () => void; onError: (error: Error) => void }): void;
  isPending: boolean;
}

export function DeleteModal<T>({
  item,
  title,
  mutation,
  deleted,
  failed,
  onClose,
  onDeleted,
  children,
}: {
  /** What is to be deleted; the dialog is open while there is one. */
  item: T | null;
  title: string;
  mutation: DeleteMutation<T>;
  /** The toast once it is deleted. */
  deleted: (item: T) => string;
  /** Says that it failed. */
  failed: (error: Error) => void;
  onClose: () => void;
  onDeleted?: (item: T) => void;
  /** The question. */
  children: ReactNode;
}) {
  const closeOnRefusal = useCloseOnRefusal();

  function confirmDelete() {
    if (item === null) return;
    mutation.mutate(item, {
      onSuccess: () => {
        toast.success(deleted(item));
        onClose();
        onDeleted?.(item);
      },
      onError: (error) => {
        failed(error);
        closeOnRefusal(error, onClose);
      },
    });
  }

  return (
    <ConfirmModal
      open={item !== null}
      title={title}
      confirmLabel="Eliminar"
      busy={mutation.isPending}
      busyLabel="Eliminando..."
      onConfirm={confirmDelete}
      onClose={onClose}
    >
      {children}
    </ConfirmModal>
  );
}
