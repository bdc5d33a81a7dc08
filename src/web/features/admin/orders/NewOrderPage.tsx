// /admin/pedidos/nuevo (issue 23): a sale agreed by WhatsApp or in person, entered by staff. The
// server prices the lines, quotes the shipping and reserves the stock as a checkout does; the
// payment may be recorded at once.
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../../domain/fulfilment-steps';
import { useApiForm } from '../../../lib/use-api-form';
import { api } from '../../../lib/api';
import type { BlisterDto } from '../../../../domain/catalog';
import type { OrderDto } from '../../../../domain/orders';
import { amountInputText, errorMessage, shopToday } from '../lib/format';
import { PageHeader, Panel } from '../ui/PageHeader';
import { useCreateManualOrder, useShippingOptions, type ManualOrderBody } from './api';
import { CustomerFields } from './draft/CustomerFields';
import { DeliveryFields } from './draft/DeliveryFields';
import { LineList } from './draft/LineList';
import { errorsByName, manualOrderFormSchema, type ManualOrderDraft, type PaymentDraft } from './draft/manual-order-form';
import { addUnit, chosenOption, draftFromOrder, draftSubtotal, EMPTY_STREET, fieldError, type DraftLine } from './draft/order-draft';
import { ProductSearch } from './draft/ProductSearch';
import { TotalsSummary } from './draft/TotalsSummary';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/fields';
import { ArrowLeftIcon } from '../../../components/ui/account-icons';
import { jumpTo } from '../../../lib/navigation';

export default function NewOrderPage() {
  const navigate = useNavigate();
  const create = useCreateManualOrder();
  // "Nuevo pedido igual" on an order's page: its customer, lines and delivery to start with.
  const sameAs = (useLocation().state as { sameAs?: OrderDto } | null)?.sameAs;
  const [start] = useState(() => (sameAs ? draftFromOrder(sameAs) : null));
  const { form, showServerErrors } = useApiForm<ManualOrderDraft, ManualOrderBody>({
    // The quote chosen in the values checked: a method that no longer reaches the province sends none.
    schema: (values) => manualOrderFormSchema(chosenOption(values.delivery, options.data)),
    defaultValues: {
      customer: start?.customer ?? { email: '', first_name: '', last_name: '', phone: '' },
      lines: start?.lines ?? [],
      delivery: start?.delivery ?? { province: '', method_id: null, street: EMPTY_STREET },
      payment: null,
      note: '',
    },
  });
  const [customer, lines, delivery, payment] = useWatch({ control: form.control, name: ['customer', 'lines', 'delivery', 'payment'] });
  const errors = errorsByName(form.formState.errors);
  useTodaysPrices(start?.lines, (today) => form.setValue('lines', today));

  const subtotal = draftSubtotal(lines);
  const options = useShippingOptions(delivery.province, subtotal);
  const option = chosenOption(delivery, options.data);
  const shipping = option ? option.price : null;
  const total = subtotal + (shipping ?? 0);

  function submit(body: ManualOrderBody) {
    create.mutate(body, {
      onSuccess: (order) => {
        toast.success(`Pedido #${order.order_number} creado`);
        void navigate(`/admin/pedidos/${order.order_number}`);
        jumpTo(0);
      },
      onError: (error) => {
        showServerErrors(error);
        toast.error('No se pudo crear el pedido.', { description: errorMessage(error, '') || undefined });
      },
    });
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Nuevo pedido"
        subtitle="Una venta por WhatsApp o en persona: precios, envío y stock como en la tienda."
        back={
          <Link to="/admin/pedidos" className="mb-1 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
            <ArrowLeftIcon size={14} />
            Pedidos
          </Link>
        }
      />
      <form
        className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]"
        onSubmit={form.handleSubmit(submit, (refused) =>
          toast.error('No se pudo crear el pedido.', { description: Object.values(errorsByName(refused))[0]?.[0] }),
        )}
        noValidate
      >
        <div className="min-w-0 space-y-4">
          <Panel title="Cliente">
            <CustomerFields value={customer} onChange={(next) => form.setValue('customer', next, { shouldDirty: true })} errors={errors} />
          </Panel>
          <Panel title="Productos">
            <div className="space-y-3">
              <ProductSearch onAdd={(line) => form.setValue('lines', addUnit(form.getValues('lines'), line), { shouldDirty: true })} />
              <LineList lines={lines} onChange={(next) => form.setValue('lines', next, { shouldDirty: true })} />
              {fieldError(errors, 'products') && <p className="text-xs text-red-700">{fieldError(errors, 'products')}</p>}
            </div>
          </Panel>
          <Panel title="Entrega">
            <DeliveryFields
              value={delivery}
              onChange={(next) => form.setValue('delivery', next, { shouldDirty: true })}
              options={options.data}
              loading={options.isFetching}
              errors={errors}
            />
          </Panel>
          <Panel title="Pago">
            <PaymentFields
              value={payment}
              onChange={(next) => form.setValue('payment', next, { shouldDirty: true })}
              total={total}
              errors={errors}
            />
          </Panel>
          <Panel title="Nota interna">
            <TextAreaField label="Nota" hideLabel optional placeholder="Solo la ve la tienda" {...form.register('note')} />
          </Panel>
        </div>
        <aside aria-label="Resumen del pedido" className="lg:sticky lg:top-4 lg:self-start">
          <Panel title="Resumen">
            <TotalsSummary subtotal={subtotal} shipping={shipping} />
            {payment && <p className="mt-2 text-xs text-stone-600">Se registra el pago: el pedido queda como pagado.</p>}
            <Button type="submit" className="mt-4 w-full" disabled={create.isPending || lines.length === 0}>
              {create.isPending ? 'Creando…' : 'Crear pedido'}
            </Button>
          </Panel>
        </aside>
      </form>
    </div>
  );
}

function PaymentFields({
  value,
  onChange,
  total,
  errors,
}: {
  value: PaymentDraft | null;
  onChange: (value: PaymentDraft | null) => void;
  total: number;
  errors?: Record<string, string[]>;
}) {
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? { method: 'transferencia', paid_at: shopToday(), amount: null } : null)}
          className="h-4 w-4 accent-brand-700"
        />
        Registrar pago ahora
      </label>
      {value && (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Medio de pago"
            value={value.method}
            error={fieldError(errors, 'payment.method')}
            onChange={(e) => onChange({ ...value, method: e.target.value as PaymentMethod })}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Fecha de pago"
            type="date"
            max={shopToday()}
            value={value.paid_at}
            error={fieldError(errors, 'payment.paid_at') ?? fieldError(errors, 'paid_at')}
            onChange={(e) => onChange({ ...value, paid_at: e.target.value })}
          />
          <TextField
            label="Monto"
            inputMode="decimal"
            value={value.amount ?? amountInputText(total)}
            hint="Por defecto, el total"
            error={fieldError(errors, 'payment.amount')}
            onChange={(e) => onChange({ ...value, amount: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The lines copied from an order at today's prices and within today's stock; a line sold out or
 * no longer sold is left out, and staff are told which.
 */
function useTodaysPrices(copied: DraftLine[] | undefined, setLines: (lines: DraftLine[]) => void) {
  useEffect(() => {
    if (!copied?.length) return;
    let stopped = false;
    void Promise.all(copied.map((line) => api.get<BlisterDto>(`/api/products/blisters/${line.blister_id}/`).catch(() => null))).then(
      (found) => {
        if (stopped) return;
        const left: string[] = [];
        const today = copied.flatMap((line, i) => {
          const blister = found[i];
          if (!blister || blister.stock <= 0 || !blister.final_price) {
            left.push(line.product_name);
            return [];
          }
          return [{ ...line, unit_price: blister.final_price, quantity: Math.min(line.quantity, blister.stock) }];
        });
        setLines(today);
        if (left.length) toast.info('Sin stock o fuera de venta, no se copiaron:', { description: left.join(', ') });
      },
    );
    return () => {
      stopped = true;
    };
    // Once, for the copied lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [copied]);
}
