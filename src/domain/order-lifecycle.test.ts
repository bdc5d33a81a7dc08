import { describe, expect, it } from 'vitest';
import { formatArs } from './money';
import {
  ORDER_STAGE_TONES,
  ORDER_STAGES,
  orderStage,
  orderStageLabel,
  refundableAmount,
  refundAmountRefusal,
  refundOnCancel,
  refusal,
  STAGE_FACTS,
  type ActionFacts,
  type OrderAction,
} from './order-lifecycle';

const at = '2035-01-01T12:00:00Z';
const order = (stage: (typeof ORDER_STAGES)[number], extra: Partial<ActionFacts> = {}): ActionFacts => {
  const facts = STAGE_FACTS[stage];
  return {
    order_number: 7,
    status: facts.status,
    paid_at: facts.paid ? at : null,
    shipped_at: facts.shipped ? at : null,
    ...extra,
  };
};

describe('orderStage', () => {
  it('reads each stage back from the facts that define it', () => {
    for (const stage of ORDER_STAGES) expect(orderStage(order(stage))).toBe(stage);
  });

  it('takes an order shipped before it was paid as shipped, and a cancelled paid one as cancelled', () => {
    expect(orderStage({ status: 'pending', paid_at: null, shipped_at: at })).toBe('shipped');
    expect(orderStage({ status: 'cancelled', paid_at: at, shipped_at: null })).toBe('cancelled');
  });
});

describe('orderStageLabel', () => {
  it('names the stage, not the stored status: a paid or shipped order is never "Pendiente"', () => {
    expect(orderStageLabel({ status: 'pending', paid_at: null, shipped_at: null })).toBe('Esperando pago');
    expect(orderStageLabel({ status: 'pending', paid_at: at, shipped_at: null })).toBe('Pagado, por enviar');
    expect(orderStageLabel({ status: 'pending', paid_at: at, shipped_at: at })).toBe('Enviado');
    expect(orderStageLabel({ status: 'completed', paid_at: at, shipped_at: at })).toBe('Entregado');
    expect(orderStageLabel({ status: 'cancelled', paid_at: at, shipped_at: null })).toBe('Cancelado');
    expect(orderStageLabel({ stage: 'paid' })).toBe('Pagado, por enviar');
  });

  it('gives each stage a tone of its own', () => {
    expect(new Set(ORDER_STAGES.map((stage) => ORDER_STAGE_TONES[stage])).size).toBe(ORDER_STAGES.length);
  });
});

describe('refusal', () => {
  const allowed = (action: OrderAction) => ORDER_STAGES.filter((stage) => refusal(order(stage), action) === null);

  it('lets the customer change, and the job expire, only an order awaiting payment', () => {
    expect(allowed('customer_change')).toEqual(['awaiting_payment']);
    expect(allowed('expire')).toEqual(['awaiting_payment']);
    expect(refusal(order('paid'), 'customer_change')?.code).toBe('ORDER_ALREADY_PAID');
    expect(refusal(order('shipped'), 'customer_change')?.code).toBe('ORDER_ALREADY_PAID');
  });

  it('deletes orders awaiting payment and cancelled ones that owe nothing', () => {
    expect(allowed('delete')).toEqual(['awaiting_payment', 'cancelled']);
    expect(refusal(order('cancelled', { paid_at: at, refund_status: 'owed' }), 'delete')?.code).toBe('REFUND_OWED');
    expect(refusal(order('cancelled', { paid_at: at, refund_status: 'done' }), 'delete')).toBeNull();
  });

  it('refunds only a cancelled order that was paid, once; re-opens none that was refunded', () => {
    expect(allowed('refund')).toEqual([]);
    expect(refusal(order('cancelled', { paid_at: at, refund_status: 'owed' }), 'refund')).toBeNull();
    expect(refusal(order('cancelled', { paid_at: at, refund_status: 'done' }), 'refund')?.code).toBe('REFUND_ALREADY_DONE');
    expect(refusal(order('cancelled', { paid_at: at, refund_status: 'done' }), 'reopen')?.code).toBe('REFUND_ALREADY_DONE');
  });

  it('keeps payments and shipments of cancelled orders, and the lines of paid ones, as they are', () => {
    expect(allowed('payment')).toEqual(['awaiting_payment', 'paid', 'shipped', 'delivered']);
    expect(allowed('edit_lines')).toEqual(['awaiting_payment']);
  });

  it('owes a refund on cancelling only when a payment was recorded', () => {
    expect(refundOnCancel({ paid_at: at })).toBe('owed');
    expect(refundOnCancel({ paid_at: null })).toBeNull();
  });
});

describe('refunds', () => {
  const paid = { order_number: 7, total: 10000, payment_amount: 9999.99, refund_status: 'owed' as const, refund_amount: 9999.99 };

  it('allow up to what was paid, to the cent, and name the figure beyond it', () => {
    expect(refundableAmount(paid)).toBe(9999.99);
    expect(refundAmountRefusal(paid, 9999.99)).toBeNull();
    expect(refundAmountRefusal(paid, 10000)).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
    expect(refundAmountRefusal(paid, 10000)!.message).toContain(formatArs(9999.99));
  });

  it('count the order total when no amount was recorded, less a refund already done', () => {
    expect(refundableAmount({ ...paid, payment_amount: null })).toBe(10000);
    expect(refundableAmount({ ...paid, refund_status: 'done', refund_amount: 4000 })).toBe(5999.99);
  });
});
