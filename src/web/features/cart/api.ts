// Calls the cart and checkout make: current stock and price of a presentation, and the order.
import type { z } from 'zod';
import type { BlisterDto } from '../../../domain/catalog';
import type { OrderDto, orderCreateSchema } from '../../../domain/orders';
import { api } from '../../lib/api';

export const blisterQueryKey = (id: number) => ['cart', 'blister', id] as const;

export const fetchBlister = (id: number) => api.get<BlisterDto>(`/api/products/blisters/${id}/`);

/** POST /api/orders/ body (spec storefront §3 order create payload), as the server's schema reads it. */
export type OrderCreatePayload = z.input<typeof orderCreateSchema>;

// spec storefront §9: creating an order waits up to 15 s.
export const createOrder = (payload: OrderCreatePayload) =>
  api.post<OrderDto>('/api/orders/', payload, { timeout: 15_000, fallbackError: 'Error al procesar la orden' });
