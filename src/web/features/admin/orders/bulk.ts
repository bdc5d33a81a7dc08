// What the bulk bar says about an action over several orders, and how their answer reads.
import type { BulkAction, BulkOrderResult } from '../../../../domain/fulfilment';

export const BULK_ACTION_TEXT: Record<BulkAction, { button: string; done: (n: number) => string; failed: string }> = {
  mark_paid: {
    button: 'Marcar pagados',
    done: (n) => (n === 1 ? '1 pedido marcado como pagado' : `${n} pedidos marcados como pagados`),
    failed: 'No se pudieron marcar como pagados',
  },
  mark_shipped: {
    button: 'Marcar enviados',
    done: (n) => (n === 1 ? '1 pedido marcado como enviado' : `${n} pedidos marcados como enviados`),
    failed: 'No se pudieron marcar como enviados',
  },
  complete: {
    button: 'Completar',
    done: (n) => (n === 1 ? '1 pedido completado' : `${n} pedidos completados`),
    failed: 'No se pudieron completar',
  },
  cancel: {
    button: 'Cancelar',
    done: (n) => (n === 1 ? '1 pedido cancelado' : `${n} pedidos cancelados`),
    failed: 'No se pudieron cancelar',
  },
};

export interface BulkOutcome {
  action: BulkAction;
  applied: number[];
  failed: { id: number; order_number: number | null; error: string }[];
}

/** Splits the server's per-order answer into what applied and what did not, with order numbers. */
export function bulkOutcome(action: BulkAction, answer: BulkOrderResult, numbers: ReadonlyMap<number, number>): BulkOutcome {
  const applied: number[] = [];
  const failed: BulkOutcome['failed'] = [];
  for (const result of answer.results) {
    if (result.ok) applied.push(result.id);
    else failed.push({ id: result.id, order_number: numbers.get(result.id) ?? null, error: result.error || 'Error desconocido' });
  }
  failed.sort((a, b) => (a.order_number ?? a.id) - (b.order_number ?? b.id));
  return { action, applied, failed };
}
