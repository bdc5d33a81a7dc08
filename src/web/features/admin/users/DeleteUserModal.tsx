// "Eliminar usuario": the confirmation and the delete.
import { toast } from '../../../lib/toast';
import { errorMessage } from '../lib/format';
import { DeleteModal } from '../ui/DeleteModal';
import { type AdminUserDto, useDeleteUser } from './api';

export function DeleteUserModal({ user, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  return (
    <DeleteModal
      item={user}
      title="Eliminar usuario"
      mutation={useDeleteUser()}
      deleted={(deleted) => `Usuario ${deleted.username} eliminado correctamente`}
      failed={(error) => toast.error('Error al eliminar el usuario', { description: errorMessage(error) })}
      onClose={onClose}
    >
      <p>
        ¿Seguro que deseas eliminar la cuenta de <strong>{user?.username}</strong> ({user?.email})? Esta acción no se puede deshacer.
      </p>
      <p className="mt-2 text-stone-600">Sus pedidos se conservan con el nombre del cliente.</p>
    </DeleteModal>
  );
}
