// The spec's three order statuses, without zod: the customer's account page reads them.
export const ORDER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// spec accounts-admin §3: labels Pendiente, Completado, Cancelado.
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendiente',
  completed: 'Completado',
  cancelled: 'Cancelado',
};

export const isOrderActive = (status: OrderStatus) => status !== 'cancelled';

/** web: the customer's checkout; manual: a sale agreed by message that staff entered. */
export const ORDER_SOURCES = ['web', 'manual'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
