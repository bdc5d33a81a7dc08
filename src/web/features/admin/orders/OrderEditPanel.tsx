// "Editar pedido" on the order page (issue 23): lines, blisters and quantities, and the
// delivery of an order awaiting payment, with the new total shown before saving. The server prices
// new lines, quotes the shipping again, moves the stock and e-mails the customer the new total.
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { OrderDto } from '../../../../domain/orders';
import { ApiError } from '../../../lib/api';
import { errorMessage, formatArs } from '../lib/format';
import { Panel } from '../ui/PageHeader';
import { useEditOrder, useShippingOptions, type OrderEditBody } from './api';
import { DeliveryFields } from './draft/DeliveryFields';
import { LineList } from './draft/LineList';
import {
  addUnit,
  chosenOption,
  deliveryBody,
  deliveryOfOrder,
  draftSubtotal,
  fieldError,
  linesOfOrder,
  type DraftDelivery,
  type DraftLine,
} from './draft/order-draft';
import { ProductSearch } from './draft/ProductSearch';
import { TotalsSummary } from './draft/TotalsSummary';
import { Button } from '../../../components/ui/Button';

export function OrderEditPanel({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const edit = useEditOrder(order.id);
  const [lines, setLines] = useState<DraftLine[]>(() => linesOfOrder(order));
  const [delivery, setDelivery] = useState<DraftDelivery>(() => deliveryOfOrder(order));
  const [errors, setErrors] = useState<Record<string, string[]>>();

  const subtotal = draftSubtotal(lines);
  const options = useShippingOptions(delivery.province, subtotal);
  const option = chosenOption(delivery, options.data);
  const deliveryChanged = JSON.stringify(delivery) !== JSON.stringify(deliveryOfOrder(order));
  // A method that no longer reaches the order (switched off) keeps its price while only lines change.
  const shipping = option ? option.price : delivery.method_id !== null && !deliveryChanged ? (order.shipping?.price ?? null) : null;

  function save() {
    const { shipping_method_id, address } = deliveryBody(delivery, option);
    const body: OrderEditBody = {
      order_products: lines.map((l) =>
        l.id ? { id: l.id, quantity: l.quantity } : { product_id: l.product_id, blister_id: l.blister_id, quantity: l.quantity },
      ),
      ...(deliveryChanged ? { shipping_method_id: shipping_method_id ?? null, address } : {}),
    };
    edit.mutate(body, {
      onSuccess: (updated) => {
        if (updated.message === 'Sin cambios') toast.info('Sin cambios');
        else toast.success(`Pedido #${updated.order_number} actualizado: nuevo total ${formatArs(updated.total)}`);
        onDone();
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.errors : undefined);
        toast.error('No se pudo guardar el pedido.', { description: errorMessage(error, '') || undefined });
      },
    });
  }

  return (
    <Panel title="Editar pedido" description="Se avisa al cliente por email con el nuevo total.">
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-5">
          <section aria-label="Productos" className="space-y-3">
            <LineList lines={lines} onChange={setLines} />
            <ProductSearch onAdd={(line) => setLines((current) => addUnit(current, line))} />
            {fieldError(errors, 'order_products') && <p className="text-xs text-red-700">{fieldError(errors, 'order_products')}</p>}
          </section>
          <section aria-label="Entrega">
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">Entrega</h3>
            <DeliveryFields value={delivery} onChange={setDelivery} options={options.data} loading={options.isFetching} errors={errors} />
          </section>
        </div>
        <div className="space-y-3 lg:self-start">
          <p className="text-sm text-stone-600">
            Total actual: <strong className="text-stone-900">{formatArs(order.total)}</strong>
          </p>
          <TotalsSummary subtotal={subtotal} shipping={shipping} label="Nuevo total" />
          {lines.length === 0 && <p className="text-xs text-amber-800">Sin productos, el pedido se cancela.</p>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={save} loading={edit.isPending} className="flex-1">
              Guardar cambios
            </Button>
            <Button variant="secondary" onClick={onDone} disabled={edit.isPending}>
              Cancelar
            </Button>
          </div>
        </div>
      </div>
    </Panel>
  );
}
