// "Eliminar usuario": the confirmation and the delete.
import { toast } from 'sonner';
import { errorMessage } from '../lib/format';
import { type AdminUserDto, useDeleteUser } from './api';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';

export function DeleteUserModal({ user, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  const remove = useDeleteUser();

  function confirmDelete() {
    if (!user) return;
    remove.mutate(user, {
      onSuccess: () => {
        toast.success(`Usuario ${user.username} eliminado correctamente`);
        onClose();
      },
      onError: (e) => toast.error('Error al eliminar el usuario', { description: errorMessage(e) }),
    });
  }

  return (
    <ConfirmModal
      open={!!user}
      title="Eliminar usuario"
      confirmLabel="Eliminar"
      busy={remove.isPending}
      busyLabel="Eliminando..."
      onConfirm={confirmDelete}
      onClose={onClose}
    >
      <p>
        ¿Seguro que deseas eliminar la cuenta de <strong>{user?.username}</strong> ({user?.email})? Esta acción no se puede deshacer.
      </p>
      <p className="mt-2 text-stone-600">Sus pedidos se conservan con el nombre del cliente.</p>
    </ConfirmModal>
  );
}
