// An order's state and money as every page draws them, the customer's and the staff's alike: its
// stage as a badge (never the stored status's "Pendiente") and the lines that add up to its total.
import { ORDER_STAGE_TONES, orderStageLabel, type OrderStage } from '../../domain/order-lifecycle';
import { orderMoneyLines, type OrderMoneyFacts } from '../../domain/order-money';
import { Badge } from './ui/Badge';

export function OrderStageBadge({ order }: { order: { stage: OrderStage } }) {
  return <Badge tone={ORDER_STAGE_TONES[order.stage]}>{orderStageLabel(order)}</Badge>;
}

/**
 * Subtotal, shipping, the coupon with its code, and the total in bold (domain/order-money.ts), as
 * two columns or, `inline`, one "Subtotal: $ 40.000" line each.
 */
export function OrderMoneyList({
  order,
  inline,
  className = '',
  label,
}: {
  order: OrderMoneyFacts;
  inline?: boolean;
  className?: string;
  label?: string;
}) {
  return (
    <dl className={`text-sm ${className}`} aria-label={label}>
      {orderMoneyLines(order).map((line) => {
        const tone = line.kind === 'total' ? 'text-base font-bold text-stone-900' : 'text-stone-700';
        return inline ? (
          <div key={line.kind} className={tone}>
            <dt className="inline">{line.label}: </dt>
            <dd className="inline whitespace-nowrap">{line.value}</dd>
          </div>
        ) : (
          <div key={line.kind} className={`flex justify-between gap-3 py-0.5 ${tone}`}>
            <dt className="min-w-0 break-words">{line.label}</dt>
            <dd className="shrink-0 whitespace-nowrap tabular-nums">{line.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
