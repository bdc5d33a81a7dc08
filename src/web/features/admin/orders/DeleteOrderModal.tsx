// "Eliminar pedido": the confirmation and the delete.
import { toast } from '../../../lib/toast';
import type { OrderDto } from '../../../../domain/orders';
import { errorMessage } from '../lib/format';
import { DeleteModal } from '../ui/DeleteModal';
import { useDeleteOrder } from './api';

export function DeleteOrderModal(props: { order: OrderDto | null; onClose: () => void; onDeleted: (order: OrderDto) => void }) {
  return (
    <DeleteModal
      item={props.order}
      title="Eliminar pedido"
      mutation={useDeleteOrder()}
      deleted={(order) => `Pedido #${order.order_number} eliminado`}
      failed={(error) => toast.error(`Error al eliminar el pedido: ${errorMessage(error)}`)}
      onClose={props.onClose}
      onDeleted={props.onDeleted}
    >
      ¿Seguro que deseas eliminar el pedido <strong>#{props.order?.order_number}</strong>? Esta acción no se puede deshacer.
    </DeleteModal>
  );
}
