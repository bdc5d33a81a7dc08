// One purchase order (issue 37): its lines, what arrived, and what its state allows: send or
// cancel a draft, receive a delivery (all of it, some lines or part of a line), copy its text for
// the bank's WhatsApp, print it.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { presentationName } from '../../../../domain/plural';
import { canDo, PURCHASE_ORDER_STATUS_LABELS, purchaseOrderLabel, type PurchaseOrderDto } from '../../../../domain/purchasing';
import { toast } from '../../../lib/toast';
import { errorMessage, formatArs, formatDate } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { TableHead, TableScroll, figures } from '../ui/tables';
import { useMovePurchaseOrder, usePurchaseOrder, useReceivePurchaseOrder } from './api';
import { StatusBadge } from './StatusBadge';
import { Button, LinkButton } from '../../../components/ui/Button';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { ErrorState, LoadingState } from '../../../components/ui/states';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function ReceiveForm({ po }: { po: PurchaseOrderDto }) {
  const receive = useReceivePurchaseOrder();
  const left = (l: PurchaseOrderDto['lines'][number]) => l.quantity - l.received;
  const [amounts, setAmounts] = useState<Record<number, string>>(() =>
    Object.fromEntries(po.lines.map((l) => [l.blister_id, String(left(l))])),
  );
  // One key per delivery typed: a double click or a retry sends the same one (received once).
  const [key, setKey] = useState(newKey);

  function submit(all: boolean) {
    const lines = po.lines
      .map((l) => ({ blister_id: l.blister_id, quantity: all ? left(l) : Number(amounts[l.blister_id] ?? 0) }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    if (lines.length === 0) return toast.error('Indica qué llegó');
    receive.mutate(
      { id: po.id, lines, receipt_key: key },
      {
        onSuccess: (next) => {
          setKey(newKey());
          setAmounts(Object.fromEntries(next.lines.map((l) => [l.blister_id, String(l.quantity - l.received)])));
          toast.success(next.status === 'received' ? 'Compra recibida completa' : 'Recepción registrada');
        },
        onError: (error) => toast.error(errorMessage(error, 'Error al recibir la compra')),
      },
    );
  }

  return (
    <Panel title="Registrar recepción" description="Las unidades que llegaron suman al stock en el momento.">
      <ul className="space-y-2">
        {po.lines
          .filter((l) => left(l) > 0)
          .map((l) => (
            <li key={l.blister_id} className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={`recibir-${l.blister_id}`} className="min-w-0 flex-1 text-sm">
                {presentationName(l.name, l.seed_count)} <span className="text-stone-500">(faltan {left(l)})</span>
              </label>
              <input
                id={`recibir-${l.blister_id}`}
                inputMode="numeric"
                className="w-24 rounded-md border border-stone-300 px-2 py-1 text-right text-sm tabular-nums"
                value={amounts[l.blister_id] ?? ''}
                onChange={(e) => setAmounts({ ...amounts, [l.blister_id]: e.target.value })}
              />
            </li>
          ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => submit(false)} loading={receive.isPending} loadingText="Registrando...">
          Registrar recepción
        </Button>
        <Button size="sm" variant="secondary" onClick={() => submit(true)} disabled={receive.isPending}>
          Recibir todo lo que falta
        </Button>
      </div>
    </Panel>
  );
}

export default function PurchaseOrderPage() {
  const id = Number(useParams().id);
  const po = usePurchaseOrder(id);
  const move = useMovePurchaseOrder();

  if (po.isPending) return <LoadingState label="Cargando compra..." />;
  if (po.isError) return <ErrorState title={errorMessage(po.error)} onRetry={() => void po.refetch()} />;
  const order = po.data;

  const act = (action: 'send' | 'cancel') =>
    move.mutate(
      { id, action },
      {
        onSuccess: () => toast.success(action === 'send' ? 'Compra marcada como enviada' : 'Compra cancelada'),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  async function copy() {
    try {
      await navigator.clipboard.writeText(order.text);
      toast.success('Texto copiado: pégalo en el WhatsApp del banco');
    } catch {
      toast.error('No se pudo copiar el texto');
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title={`${purchaseOrderLabel(order.number)} · ${order.brand_name}`}
        subtitle={
          <>
            <StatusBadge status={order.status} label={PURCHASE_ORDER_STATUS_LABELS[order.status]} /> Creada el{' '}
            {formatDate(order.created_at)}
            {order.sent_at ? ` · enviada el ${formatDate(order.sent_at)}` : ''}
          </>
        }
        back={
          <Link to="/admin/compras" className="mb-1 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
            <ArrowLeftIcon size={14} />
            Compras
          </Link>
        }
        actions={
          <>
            {canDo(order.status, 'send') && (
              <Button size="sm" onClick={() => act('send')} loading={move.isPending} loadingText="Enviando...">
                Marcar como enviada
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              Copiar para WhatsApp
            </Button>
            <LinkButton size="sm" variant="secondary" to={`/admin/compras/${id}/imprimir`}>
              Imprimir
            </LinkButton>
            {canDo(order.status, 'cancel') && (
              <Button size="sm" variant="ghostDanger" onClick={() => act('cancel')} disabled={move.isPending}>
                Cancelar compra
              </Button>
            )}
          </>
        }
      />
      <Panel title="Presentaciones" description={order.total_cost > 0 ? `Total: ${formatArs(order.total_cost)}` : undefined}>
        <TableScroll label="Líneas de la compra">
          <table className="w-full min-w-[480px] text-sm tabular-nums">
            <TableHead columns={['Producto', figures('Pedido'), figures('Recibido'), figures('Costo unitario')]} />
            <tbody>
              {order.lines.map((l) => (
                <tr key={l.blister_id} className="border-b border-stone-100 last:border-0 [&>td]:px-2 [&>td]:py-1.5">
                  <td>{presentationName(l.name, l.seed_count)}</td>
                  <td className="text-right">{l.quantity}</td>
                  <td className="text-right">{l.received}</td>
                  <td className="text-right">{l.unit_cost == null ? 'Sin costo' : formatArs(l.unit_cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {order.note && <p className="mt-3 text-sm text-stone-600">Nota: {order.note}</p>}
      </Panel>
      {canDo(order.status, 'receive') && <ReceiveForm key={`${order.id}-${order.status}`} po={order} />}
    </div>
  );
}
