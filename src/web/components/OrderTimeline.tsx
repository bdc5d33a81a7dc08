// Where an order stands, for the customer's order card and the staff's order page: Pedido
// recibido → Pago recibido → Enviado (with the tracking link) → Entregado, or Cancelado.
import { CARRIER_LABELS, orderTimeline, type Carrier, type TimelineStep } from '../../domain/fulfilment-steps';
import { CheckIcon, CloseIcon, ExternalIcon } from './ui/icons';

export interface TimelineOrder {
  status: 'pending' | 'completed' | 'cancelled';
  created_at: string;
  updated_at: string;
  payment: { paid_at: string } | null;
  shipment: { carrier: Carrier; tracking_code: string | null; tracking_url: string | null; shipped_at: string } | null;
}

function StepMark({ step }: { step: TimelineStep }) {
  if (step.key === 'cancelled')
    return (
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700 ring-1 ring-red-300">
        <CloseIcon size={14} />
      </span>
    );
  return step.done ? (
    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
      <CheckIcon size={14} strokeWidth={3} />
    </span>
  ) : (
    <span className="h-7 w-7 shrink-0 rounded-full border-2 border-dashed border-stone-300 bg-white" />
  );
}

export function OrderTimeline({
  order,
  formatAt,
  className = '',
}: {
  order: TimelineOrder;
  /** How a step's date is written. */
  formatAt: (iso: string) => string;
  className?: string;
}) {
  const steps = orderTimeline(order);
  const { shipment } = order;
  return (
    <ol aria-label="Seguimiento del pedido" className={`grid gap-3 sm:auto-cols-fr sm:grid-flow-col sm:gap-2 ${className}`}>
      {steps.map((step, i) => (
        <li key={step.key} className="relative flex gap-2.5 sm:flex-col sm:gap-1.5">
          {i < steps.length - 1 && (
            // The line to the next step: down on phones, to the right from sm up.
            <span
              aria-hidden="true"
              className={`absolute -bottom-3 left-3.5 top-7 w-0.5 sm:bottom-auto sm:left-7 sm:top-3.5 sm:h-0.5 sm:w-[calc(100%-1.25rem)] ${
                steps[i + 1].done ? 'bg-brand-600' : 'bg-stone-300'
              }`}
            />
          )}
          <StepMark step={step} />
          <div className="min-w-0 text-sm">
            <p className={`font-semibold ${step.done ? (step.key === 'cancelled' ? 'text-red-800' : 'text-stone-900') : 'text-stone-500'}`}>
              {step.label}
              <span className="sr-only">{step.done ? ' (hecho)' : ' (pendiente)'}</span>
            </p>
            {step.at && step.done && (
              <p className="text-xs text-stone-600">
                <time dateTime={step.at}>{formatAt(step.at)}</time>
              </p>
            )}
            {step.key === 'shipped' && shipment && (
              <p className="break-words text-xs text-stone-700">
                {CARRIER_LABELS[shipment.carrier]}
                {shipment.tracking_code && <> · {shipment.tracking_code}</>}
                {shipment.tracking_url && (
                  <a
                    href={shipment.tracking_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-0.5 flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                  >
                    Seguir el envío
                    <ExternalIcon size={12} />
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                )}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
