// The zod-free half of fulfilment.ts: WhatsApp links, payment methods, carriers with their tracking
// pages and the order's timeline. The customer's account page imports these, so keep zod out.
import { ORDER_STAGE_LABELS } from './order-lifecycle';
import { normalizePhone } from './phone-format';

// ---------------------------------------------------------------------------------------------
// WhatsApp

/**
 * The wa.me number of an Argentine phone: 549 + the 10 national digits. wa.me/54XXXXXXXXXX (the
 * spec's plain prefix) does not reach mobiles, and nearly every shop and customer uses one.
 */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = normalizePhone((phone ?? '').trim()).replace(/\D/g, '');
  if (digits.length !== 10) return null;
  return `549${digits}`;
}

export function whatsappUrl(phone: string | null | undefined, text?: string): string | null {
  const number = whatsappNumber(phone);
  if (!number) return null;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/** 20-12345678-9, as CUITs are written. */
export const formatCuit = (digits: string) =>
  digits.length === 11 ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}` : digits;

// ---------------------------------------------------------------------------------------------
// Payment

export const PAYMENT_METHODS = ['transferencia', 'efectivo', 'otro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transferencia: 'Transferencia',
  efectivo: 'Efectivo',
  otro: 'Otro',
};

// ---------------------------------------------------------------------------------------------
// Shipment

export const CARRIERS = ['andreani', 'correo_argentino', 'oca', 'moto', 'retiro', 'otro'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  andreani: 'Andreani',
  correo_argentino: 'Correo Argentino',
  oca: 'OCA',
  moto: 'Moto / cadete',
  retiro: 'Retiro en persona',
  otro: 'Otro',
};

const TRACKING_URLS: Partial<Record<Carrier, (code: string) => string>> = {
  andreani: (code) => `https://www.andreani.com/envio/${code}`,
  correo_argentino: (code) => `https://www.correoargentino.com.ar/formularios/e-commerce?id=${code}`,
  oca: (code) => `https://www1.oca.com.ar/OEPTrackingWeb/trackingenvio.asp?numero1=${code}`,
};

/** The carrier's public tracking page for a code, for the carriers that have one. */
export function trackingUrl(carrier: Carrier, code: string | null | undefined): string | null {
  const build = TRACKING_URLS[carrier];
  return build && code ? build(encodeURIComponent(code)) : null;
}

// ---------------------------------------------------------------------------------------------
// Where an order stands, for the list's columns, the filter and the customer's timeline

export const FULFILMENT_STAGES = ['awaiting_payment', 'paid', 'shipped'] as const;
export type FulfilmentStage = (typeof FULFILMENT_STAGES)[number];
export const FULFILMENT_STAGE_LABELS: Record<FulfilmentStage, string> = {
  awaiting_payment: ORDER_STAGE_LABELS.awaiting_payment,
  paid: ORDER_STAGE_LABELS.paid,
  shipped: ORDER_STAGE_LABELS.shipped,
};

export interface TimelineStep {
  key: 'received' | 'paid' | 'shipped' | 'delivered' | 'cancelled';
  label: string;
  done: boolean;
  at: string | null;
}

/** Pedido recibido → Pago recibido → Enviado → Entregado, or Pedido recibido → Cancelado. */
export function orderTimeline(order: {
  status: 'pending' | 'completed' | 'cancelled';
  created_at: string;
  updated_at: string;
  payment: { paid_at: string } | null;
  shipment: { shipped_at: string } | null;
}): TimelineStep[] {
  const received: TimelineStep = { key: 'received', label: 'Pedido recibido', done: true, at: order.created_at };
  if (order.status === 'cancelled') return [received, { key: 'cancelled', label: 'Cancelado', done: true, at: order.updated_at }];
  const delivered = order.status === 'completed';
  return [
    received,
    { key: 'paid', label: 'Pago recibido', done: order.payment !== null, at: order.payment?.paid_at ?? null },
    { key: 'shipped', label: 'Enviado', done: order.shipment !== null || delivered, at: order.shipment?.shipped_at ?? null },
    { key: 'delivered', label: 'Entregado', done: delivered, at: delivered ? order.updated_at : null },
  ];
}
