// The order opened over 'Lista de Pedidos' (`?orderId=` with its number): its details, "Abrir página" and
// "Cambiar estado"; a failed load closes it with a toast.
import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import type { OrderDto } from '../../../../domain/orders';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../lib/format';
import { useAdminOrder } from './api';
import { OrderDetails } from './OrderParts';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { Button, LinkButton } from '../../../components/ui/Button';
import { LoadingState } from '../../../components/ui/states';

export function OrderQuickView({
  orderNumber,
  onClose,
  onEdit,
}: {
  orderNumber: number;
  onClose: () => void;
  onEdit: (order: OrderDto) => void;
}) {
  const opened = useAdminOrder(orderNumber);

  useEffect(() => {
    if (opened.isError) {
      toast.error('Error al cargar los detalles del pedido.', { description: errorMessage(opened.error, '') || undefined });
      onClose();
    }
    // Once per failed load: the error object and onClose change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened.isError]);

  const order = opened.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={order ? `Pedido #${order.order_number}` : 'Pedido'}
      footer={
        order && (
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge order={order} />
            <div className="ml-auto flex gap-2">
              <LinkButton to={`/admin/pedidos/${order.order_number}`} variant="ghostMuted">
                Abrir página
              </LinkButton>
              <Button variant="secondary" onClick={() => onEdit(order)}>
                Cambiar estado
              </Button>
            </div>
          </div>
        )
      }
    >
      {order ? <OrderDetails order={order} /> : <LoadingState label="Cargando pedido..." />}
    </Modal>
  );
}
