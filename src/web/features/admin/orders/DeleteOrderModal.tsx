// "Eliminar pedido": the confirmation and the delete.
import { toast } from 'sonner';
import type { OrderDto } from '../../../../domain/orders';
import { errorMessage } from '../lib/format';
import { useDeleteOrder } from './api';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';

export function DeleteOrderModal({
  order,
  onClose,
  onDeleted,
}: {
  order: OrderDto | null;
  onClose: () => void;
  onDeleted: (order: OrderDto) => void;
}) {
  const remove = useDeleteOrder();

  function confirmDelete() {
    if (!order) return;
    remove.mutate(order, {
      onSuccess: () => {
        toast.success(`Pedido #${order.order_number} eliminado`);
        onClose();
        onDeleted(order);
      },
      onError: (error) => toast.error(`Error al eliminar el pedido: ${errorMessage(error)}`),
    });
  }

  return (
    <ConfirmModal
      open={order !== null}
      title="Eliminar pedido"
      confirmLabel="Eliminar"
      busy={remove.isPending}
      busyLabel="Eliminando..."
      onConfirm={confirmDelete}
      onClose={onClose}
    >
      ¿Seguro que deseas eliminar el pedido <strong>#{order?.order_number}</strong>? Esta acción no se puede deshacer.
    </ConfirmModal>
  );
}
