// The bar shown while orders are selected (issue 13): mark paid, mark shipped (each order's own
// carrier, changed where chosen, and a code per order), complete, cancel, print and export; then which orders failed and why.
import { BULK_ACTION_PERMISSION } from '../../../../domain/staff-roles';
import { usePermissions } from '../../../lib/permissions';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCloseOnRefusal } from '../../../lib/refusal';
import { toast } from '../../../lib/toast';
import { BULK_MAX_ORDERS, recordShipmentSchema, type BulkAction } from '../../../../domain/fulfilment';
import {
  CARRIER_LABELS,
  CARRIERS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Carrier,
  type PaymentMethod,
} from '../../../../domain/fulfilment-steps';
import { Alert } from '../../../components/ui/Alert';
import { useToastClearance } from '../../../lib/toast-clearance';
import { Modal } from '../../../components/Modal';
import { errorMessage, shopToday } from '../lib/format';
import { useBulkOrderAction, type BulkActionBody } from './api';
import { BULK_ACTION_TEXT, bulkOutcome, type BulkOutcome } from './bulk';
import { ExportMenu } from './ExportMenu';
import { customerName } from './OrderParts';
import type { OrderDto } from '../../../../domain/orders';
import { Button } from '../../../components/ui/Button';
import { FormActions } from '../../../components/ui/DialogActions';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { controlClass, SelectField, TextField } from '../../../components/ui/fields';
import { CloseIcon } from '../../../components/ui/icons';

const CONFIRM_TEXT: Record<Exclude<BulkAction, 'mark_shipped'>, { title: string; body: string; confirm: string }> = {
  mark_paid: {
    title: 'Marcar pedidos como pagados',
    body: 'Se registra un pago del total de cada pedido, con la fecha y el medio elegidos. Cada cliente recibe el email "Recibimos tu pago".',
    confirm: 'Marcar pagados',
  },
  complete: {
    title: 'Completar pedidos',
    body: 'Los pedidos pasan a Completado (entregados). Cada cliente recibe el aviso por email.',
    confirm: 'Completar',
  },
  cancel: {
    title: 'Cancelar pedidos',
    body: 'Los pedidos se cancelan y el stock de sus productos vuelve al catálogo. Cada cliente recibe el aviso por email. Esta acción no se puede deshacer.',
    confirm: 'Cancelar pedidos',
  },
};

export function BulkBar({
  selected,
  onClear,
  onDone,
}: {
  /** The selected orders, as they were when picked. */
  selected: OrderDto[];
  onClear: () => void;
  /** After an action: what applied and what failed. */
  onDone: (outcome: BulkOutcome) => void;
}) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const bulk = useBulkOrderAction();
  const closeOnRefusal = useCloseOnRefusal();
  const [confirming, setConfirming] = useState<Exclude<BulkAction, 'mark_shipped'> | null>(null);
  const [shipping, setShipping] = useState(false);
  const [payment, setPayment] = useState<{ paid_at: string; method: PaymentMethod }>({ paid_at: '', method: 'transferencia' });
  const count = selected.length;
  const tooMany = count > BULK_MAX_ORDERS;
  const ids = selected.map((o) => o.id);

  function run(body: BulkActionBody & { action: BulkAction }, after?: () => void) {
    bulk.mutate(body, {
      onSuccess: (answer) => {
        const outcome = bulkOutcome(body.action, answer, new Map(selected.map((o) => [o.id, o.order_number])));
        after?.();
        onDone(outcome);
        if (outcome.failed.length === 0) toast.success(BULK_ACTION_TEXT[body.action].done(outcome.applied.length));
        else toast.warning(`${BULK_ACTION_TEXT[body.action].failed}: ${outcome.failed.length} de ${answer.results.length}`);
      },
      onError: (error) => {
        toast.error('Error al aplicar la acción', { description: errorMessage(error, '') || undefined });
        // A refused confirmation closes; the shipping dialog holds typed codes and stays open.
        if (after && body.action !== 'mark_shipped') closeOnRefusal(error, after);
      },
    });
  }

  if (count === 0) return null;
  const confirm = confirming ? CONFIRM_TEXT[confirming] : null;

  return (
    <>
      <HeldBar>
        <div className="flex flex-wrap items-center gap-2">
          <p className="mr-auto flex items-center gap-1 text-sm font-semibold text-stone-900" aria-live="polite">
            {count} {count === 1 ? 'pedido seleccionado' : 'pedidos seleccionados'}
            <button
              type="button"
              onClick={onClear}
              className="rounded-full p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
              aria-label="Quitar la selección"
              title="Quitar la selección"
            >
              <CloseIcon size={14} />
            </button>
          </p>
          <div className="flex flex-wrap gap-1.5">
            {can(BULK_ACTION_PERMISSION.mark_paid) && (
              <Button
                size="sm"
                onClick={() => {
                  setPayment({ paid_at: shopToday(), method: 'transferencia' });
                  setConfirming('mark_paid');
                }}
                disabled={tooMany || bulk.isPending}
              >
                {BULK_ACTION_TEXT.mark_paid.button}
              </Button>
            )}
            {can(BULK_ACTION_PERMISSION.mark_shipped) && (
              <Button size="sm" onClick={() => setShipping(true)} disabled={tooMany || bulk.isPending}>
                {BULK_ACTION_TEXT.mark_shipped.button}
              </Button>
            )}
            {can(BULK_ACTION_PERMISSION.complete) && (
              <Button size="sm" variant="secondary" onClick={() => setConfirming('complete')} disabled={tooMany || bulk.isPending}>
                {BULK_ACTION_TEXT.complete.button}
              </Button>
            )}
            {can(BULK_ACTION_PERMISSION.cancel) && (
              <Button size="sm" variant="dangerOutline" onClick={() => setConfirming('cancel')} disabled={tooMany || bulk.isPending}>
                {BULK_ACTION_TEXT.cancel.button}
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              disabled={tooMany}
              onClick={() => void navigate(`/admin/pedidos/imprimir?pedidos=${selected.map((o) => o.order_number).join(',')}`)}
            >
              Imprimir
            </Button>
            {!tooMany && <ExportMenu query={{ ids: ids.join(',') }} up size="sm" />}
          </div>
        </div>
        {tooMany && (
          <p className="mt-1 text-xs text-red-700" role="alert">
            Puedes cambiar hasta {BULK_MAX_ORDERS} pedidos a la vez.
          </p>
        )}
      </HeldBar>

      <ConfirmModal
        open={confirm !== null}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.confirm ?? ''}
        tone={confirming === 'cancel' ? 'danger' : 'primary'}
        busy={bulk.isPending}
        busyLabel="Aplicando..."
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          run(
            confirming === 'mark_paid'
              ? { ids, action: confirming, paid_at: payment.paid_at || undefined, method: payment.method }
              : { ids, action: confirming },
            () => setConfirming(null),
          )
        }
      >
        <p>
          {count === 1 ? 'Pedido seleccionado' : `${count} pedidos seleccionados`}:{' '}
          <strong>{selected.map((o) => `#${o.order_number}`).join(', ')}</strong>
        </p>
        <p className="mt-2">{confirm?.body}</p>
        {confirming === 'mark_paid' && (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <TextField
              label="Fecha de pago"
              type="date"
              max={shopToday()}
              required
              value={payment.paid_at}
              onChange={(e) => setPayment((p) => ({ ...p, paid_at: e.target.value }))}
            />
            <SelectField
              label="Medio de pago"
              value={payment.method}
              onChange={(e) => setPayment((p) => ({ ...p, method: e.target.value as PaymentMethod }))}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </ConfirmModal>
      {shipping && (
        <ShipModal
          orders={selected}
          busy={bulk.isPending}
          onClose={() => setShipping(false)}
          onSubmit={(carriers, codes) => run({ ids, action: 'mark_shipped', carriers, tracking_codes: codes }, () => setShipping(false))}
        />
      )}
    </>
  );
}

const codeSchema = recordShipmentSchema.shape.tracking_code;

/**
 * Each selected order with its carrier, prefilled from its own shipping method and changed only
 * where staff choose another, and a tracking code for each one.
 */
function ShipModal({
  orders,
  busy,
  onClose,
  onSubmit,
}: {
  orders: OrderDto[];
  busy: boolean;
  onClose: () => void;
  /** `carriers`: only the orders whose carrier differs from their own shipping method's. */
  onSubmit: (carriers: Record<string, Carrier>, codes: Record<string, string>) => void;
}) {
  const own = (order: OrderDto): Carrier | '' => order.shipping?.carrier ?? '';
  const [carriers, setCarriers] = useState<Record<number, Carrier | ''>>(() => Object.fromEntries(orders.map((o) => [o.id, own(o)])));
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<{ carriers: Record<number, string>; codes: Record<number, string> }>({ carriers: {}, codes: {} });

  function submit(event: FormEvent) {
    event.preventDefault();
    const carrierErrors: Record<number, string> = {};
    const codeErrors: Record<number, string> = {};
    const chosen: Record<string, Carrier> = {};
    const clean: Record<string, string> = {};
    for (const order of orders) {
      const carrier = carriers[order.id] ?? '';
      if (!carrier) carrierErrors[order.id] = 'Selecciona un transporte';
      else if (carrier !== own(order)) chosen[String(order.id)] = carrier;
      const typed = (codes[order.id] ?? '').trim();
      if (!typed) continue;
      const parsed = codeSchema.safeParse(typed);
      if (parsed.success && parsed.data) clean[String(order.id)] = parsed.data;
      else if (!parsed.success) codeErrors[order.id] = parsed.error.issues[0]?.message ?? 'Código inválido';
    }
    setErrors({ carriers: carrierErrors, codes: codeErrors });
    if (Object.keys(carrierErrors).length > 0 || Object.keys(codeErrors).length > 0) return;
    onSubmit(chosen, clean);
  }

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={orders.length === 1 ? 'Marcar 1 pedido como enviado' : `Marcar ${orders.length} pedidos como enviados`}
      footer={
        <FormActions onCancel={onClose} cancelLabel="Volver" busy={busy} busyLabel="Aplicando..." form="bulk-ship-form">
          Marcar enviados
        </FormActions>
      }
    >
      <form id="bulk-ship-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="mb-1 text-xs font-semibold text-stone-700">Transporte y código de seguimiento de cada pedido</legend>
          <p className="mb-2 text-xs text-stone-500">
            Cada pedido sale con el transporte de su método de envío; cámbialo solo donde haga falta. El código es opcional: con Andreani,
            Correo Argentino y OCA el cliente recibe por email el enlace de seguimiento.
          </p>
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
            {orders.map((order) => {
              const id = `tracking-${order.id}`;
              const carrierId = `carrier-${order.id}`;
              const carrier = carriers[order.id] ?? '';
              const carrierError = errors.carriers[order.id];
              const error = errors.codes[order.id];
              return (
                <li key={order.id} className="grid gap-2 p-2.5 sm:grid-cols-[1fr_10rem_11rem] sm:items-start sm:gap-3">
                  <div className="min-w-0 text-sm">
                    <span className="font-semibold text-stone-900">Pedido #{order.order_number}</span>
                    <span className="block truncate text-xs text-stone-600">
                      {customerName(order)}
                      {order.shipping ? ` · ${order.shipping.name}` : ''}
                    </span>
                  </div>
                  <div>
                    <label htmlFor={carrierId} className="sr-only">
                      Transporte del pedido #{order.order_number}
                    </label>
                    <select
                      id={carrierId}
                      value={carrier}
                      onChange={(e) => setCarriers((prev) => ({ ...prev, [order.id]: e.target.value as Carrier | '' }))}
                      aria-invalid={carrierError ? true : undefined}
                      aria-describedby={carrierError ? `${carrierId}-error` : undefined}
                      className={controlClass(!!carrierError, '', true)}
                    >
                      <option value="">Elige un transporte</option>
                      {CARRIERS.map((c) => (
                        <option key={c} value={c}>
                          {CARRIER_LABELS[c]}
                        </option>
                      ))}
                    </select>
                    {carrierError && (
                      <p id={`${carrierId}-error`} className="mt-1 text-xs text-red-700">
                        {carrierError}
                      </p>
                    )}
                  </div>
                  <div>
                    <label htmlFor={id} className="sr-only">
                      Código de seguimiento del pedido #{order.order_number}
                    </label>
                    <input
                      id={id}
                      value={codes[order.id] ?? ''}
                      onChange={(e) => setCodes((prev) => ({ ...prev, [order.id]: e.target.value }))}
                      autoComplete="off"
                      placeholder="Código (opcional)"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className={controlClass(!!error, 'font-mono', true)}
                    />
                    {error && (
                      <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                        {error}
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </form>
    </Modal>
  );
}

/** What the last bulk action did: the count applied, and each order that failed with its reason. */
export function BulkResults({ outcome, onDismiss }: { outcome: BulkOutcome; onDismiss: () => void }) {
  const text = BULK_ACTION_TEXT[outcome.action];
  return (
    <div className="relative mb-4">
      {outcome.failed.length === 0 ? (
        <Alert tone="success" title={text.done(outcome.applied.length)} />
      ) : (
        <Alert
          tone="warning"
          title={`${text.failed} ${outcome.failed.length === 1 ? '1 pedido' : `${outcome.failed.length} pedidos`}${
            outcome.applied.length ? `; ${text.done(outcome.applied.length)}` : ''
          }`}
        >
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {outcome.failed.map((f) => (
              <li key={f.id}>
                <strong>Pedido #{f.order_number ?? f.id}</strong>: {f.error}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs">Los pedidos que fallaron siguen seleccionados.</p>
        </Alert>
      )}
      <button
        type="button"
        onClick={onDismiss}
        className="absolute right-2 top-2 rounded-full p-1 text-stone-600 hover:bg-black/5"
        aria-label="Cerrar el resultado"
      >
        <CloseIcon size={14} />
      </button>
    </div>
  );
}

/** The bar, held at the bottom of the screen; toasts rise above it instead of covering it. */
function HeldBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar);
  return (
    <div
      ref={bar}
      role="region"
      aria-label="Acciones para los pedidos seleccionados"
      className="sticky bottom-0 z-20 -mx-3 mt-4 border-t border-stone-300 bg-white/95 px-3 py-2.5 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border"
    >
      {children}
    </div>
  );
}
