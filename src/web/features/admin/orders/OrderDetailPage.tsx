// One order (/admin/pedidos/{order number}: never its id, issue 34; spec accounts-admin §2 admin order detail): details,
// status change and delete; issue 13: timeline, payment, shipment, internal notes and printing;
// issue 23: source, subtotal, shipping and address, and editing an order awaiting payment.
import { usePermissions } from '../../../lib/permissions';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCloseOnRefusal } from '../../../lib/refusal';
import { toast } from '../../../lib/toast';
import { errorMessage, formatDateTime } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { useAdminOrder, useDeleteOrder } from './api';
import { EditStatusModal } from './EditStatusModal';
import { DeliveryPanel, InternalNotesPanel, PaymentPanel, ShipmentPanel, TimelinePanel } from './FulfilmentPanels';
import { OrderEditPanel } from './OrderEditPanel';
import { RevocationNotice } from './RevocationNotice';
import { RefundPanel } from './StepCorrections';
import { factsOfDto, refusal } from '../../../../domain/order-lifecycle';
import { OrderDetails } from './OrderParts';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { PaymentRequestPanel } from './PaymentRequestPanel';
import { listPath, RETURN_TO_LIST } from './list-memory';
import { Button, LinkButton } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { ArrowLeftIcon, TrashIcon } from '../../../components/ui/account-icons';
import { EditIcon } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { jumpTo } from '../../../lib/navigation';

export default function OrderDetailPage() {
  const { orderId } = useParams();
  // The address carries the number staff see on the order ("#5" is /admin/pedidos/5).
  const id = orderId && /^\d{1,9}$/.test(orderId) ? Number(orderId) : undefined;
  const navigate = useNavigate();
  const order = useAdminOrder(id);
  const remove = useDeleteOrder();
  const closeOnRefusal = useCloseOnRefusal();
  const { can } = usePermissions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editingLines, setEditingLines] = useState(false);
  // spec accounts-admin §2, every navigation starts at the top: the layout scrolls on the path's
  // change, but the page's panels arrive later and a focus or a toast could move it; once the
  // order is shown, it starts at the top again.
  const loaded = order.data !== undefined;
  useEffect(() => {
    if (loaded) jumpTo(0);
  }, [loaded, id]);

  const back = (
    <Link
      to={listPath()}
      state={RETURN_TO_LIST}
      className="mb-1 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900"
    >
      <ArrowLeftIcon size={14} />
      Pedidos
    </Link>
  );

  if (id === undefined || order.isError) {
    return (
      <>
        <PageHeader title="Pedido" back={back} />
        <ErrorState
          title="Error al cargar los detalles del pedido."
          detail={order.error ? errorMessage(order.error, '') : 'Identificador inválido'}
          onRetry={id ? () => order.refetch() : undefined}
        />
      </>
    );
  }
  if (!order.data) return <LoadingState label="Cargando pedido..." />;
  const data = order.data;
  // Depósito sees, prints and ships; payments, edits, refunds and deletion are for managers.
  const manage = can('can_manage_orders');
  const deleteRefused = refusal(factsOfDto(data), 'delete');
  const editRefused = refusal(factsOfDto(data), 'edit_lines');
  const editNote =
    editRefused && data.status !== 'cancelled'
      ? 'Un pedido pagado o enviado ya no se edita: para cambiarlo, cancélalo (con su reembolso) o carga un pedido nuevo desde “Nuevo pedido”.'
      : undefined;

  function confirmDelete() {
    remove.mutate(data, {
      onSuccess: () => {
        toast.success(`Pedido #${data.order_number} eliminado`);
        void navigate('/admin/pedidos', { replace: true });
      },
      onError: (error) => {
        toast.error('Error al eliminar el pedido.', { description: errorMessage(error, '') || undefined });
        // Paid by someone else meanwhile, say: the page shows the order as it is now.
        closeOnRefusal(error, () => setDeleting(false));
      },
    });
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={`Pedido #${data.order_number}`}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <OrderStatusBadge order={data} />
            <span>{formatDateTime(data.created_at)}</span>
          </span>
        }
        back={back}
        actions={
          <>
            <LinkButton to={`/admin/pedidos/imprimir?pedidos=${data.order_number}`} variant="secondary">
              Imprimir
            </LinkButton>
            {manage && (
              <LinkButton to="/admin/pedidos/nuevo" state={{ sameAs: data }} variant="secondary">
                Nuevo pedido igual
              </LinkButton>
            )}
            {manage && !editRefused && !editingLines && (
              <Button variant="secondary" onClick={() => setEditingLines(true)}>
                <EditIcon size={16} />
                Editar pedido
              </Button>
            )}
            {manage && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <EditIcon size={16} />
                Cambiar estado
              </Button>
            )}
            {manage && (
              <Button variant="danger" onClick={() => setDeleting(true)} disabled={deleteRefused !== null} title={deleteRefused?.message}>
                <TrashIcon size={16} />
                Eliminar
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        <RevocationNotice order={data} />
        {manage && editingLines && !editRefused ? (
          <OrderEditPanel order={data} onDone={() => setEditingLines(false)} />
        ) : (
          <DeliveryPanel order={data} editNote={manage ? editNote : undefined} />
        )}
        <TimelinePanel order={data} />
        {manage && <RefundPanel order={data} />}
        <div className="grid gap-4 lg:grid-cols-2">
          {manage && <PaymentPanel order={data} />}
          <ShipmentPanel order={data} />
        </div>
        {manage && <PaymentRequestPanel order={data} />}
        <Panel>
          <OrderDetails order={data} wide />
        </Panel>
        {manage && <InternalNotesPanel order={data} />}
      </div>
      {editing && <EditStatusModal order={data} errorText="Error al actualizar el pedido." onClose={() => setEditing(false)} />}
      <ConfirmModal
        open={deleting}
        title="Eliminar pedido"
        confirmLabel="Eliminar"
        busy={remove.isPending}
        busyLabel="Eliminando..."
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      >
        ¿Seguro que deseas eliminar el pedido <strong>#{data.order_number}</strong>? Esta acción no se puede deshacer.
      </ConfirmModal>
    </div>
  );
}
