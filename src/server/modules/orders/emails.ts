// Order e-mails: confirmation with payment steps to the customer, new-order notice to the shop,
// status changes, payments and shipments recorded by staff. Sent after commit; a failure is
// logged and never fails the order (the outbox retries delivery).
import type { Logger } from '../../logger';
import { CARRIER_LABELS, PAYMENT_METHOD_LABELS, paymentInstructions, type PaymentDto, type ShipmentDto } from '../../../domain/fulfilment';
import { formatArs } from '../../../domain/money';
import { seedsLabel } from '../../../domain/plural';
import { EXPIRED_ORDER_REASON, type OrderDto, type RefundDto } from '../../../domain/orders';
import { orderStageLabel } from '../../../domain/order-lifecycle';
import { orderMoneyLines } from '../../../domain/order-money';
import { formatDateTime } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { readShopSettings, shopChannels, type ShopChannels, shopContact, type ShopSettings } from '../site';
import { type MailMessage, sendMail } from '../mail';
import { escapeHtml, renderEmail } from '../../shared/mail-templates';

function linesTable(order: OrderDto): { html: string; text: string } {
  const cell = 'padding:8px 6px;border-bottom:1px solid #dcfce7;font-size:14px;color:#1f2937;';
  const rows = order.order_products.map((line) => {
    const name = `${line.product_name}${line.blister_info.seed_count ? ` (${seedsLabel(line.blister_info.seed_count)})` : ''}`;
    return {
      html:
        `<tr><td style="${cell}">${escapeHtml(name)}</td>` +
        `<td style="${cell}text-align:center;">${line.quantity}</td>` +
        `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(formatArs(line.subtotal))}</td></tr>`,
      text: `- ${name} x ${line.quantity}: ${formatArs(line.subtotal)}`,
    };
  });
  const head = 'padding:8px 6px;border-bottom:2px solid #15803d;font-size:13px;color:#6b7280;';
  // The money lines every page shows too (domain/order-money.ts): subtotal, shipping, the coupon, total.
  const money = orderMoneyLines(order);
  const sums = money.filter((line) => line.kind !== 'total');
  const total = money[money.length - 1];
  const sumCell = 'padding:6px 6px;font-size:14px;color:#1f2937;';
  const html =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">` +
    `<tr><th align="left" style="${head}">Producto</th><th style="${head}">Cant.</th><th align="right" style="${head}">Subtotal</th></tr>` +
    rows.map((r) => r.html).join('') +
    sums
      .map(
        (sum) =>
          `<tr><td colspan="2" style="${sumCell}">${escapeHtml(sum.label)}</td><td style="${sumCell}text-align:right;white-space:nowrap;">${escapeHtml(sum.value)}</td></tr>`,
      )
      .join('') +
    `<tr><td colspan="2" style="padding:10px 6px;font-size:16px;font-weight:bold;color:#14532d;">${escapeHtml(total.label)}</td>` +
    `<td style="padding:10px 6px;font-size:16px;font-weight:bold;color:#14532d;text-align:right;white-space:nowrap;">${escapeHtml(total.value)}</td></tr>` +
    `</table>`;
  const text = [...rows.map((r) => r.text), ...money.map((line) => `${line.label}: ${line.value}`)].join('\n');
  return { html, text };
}

/** How the order travels, in one line: the method and where to (or the spec's delivery label). */
export function deliveryLine(order: OrderDto): string {
  if (!order.shipping) return `${order.delivery_type_display}${order.delivery_type === 'address' ? ` (${order.shipping_address})` : ''}`;
  if (order.shipping.kind === 'coordinate') return order.shipping.name;
  return `${order.shipping.name}: ${order.shipping_address}`;
}

const myOrdersAction = (ctx: AppContext) => ({ label: 'Ver mis pedidos', url: `${ctx.config.publicUrl}/mi-cuenta?section=orders` });

/**
 * `instructions`: the shop's payment details (payment settings), shown with the amount and the
 * order number; without them the customer is told to ask for them.
 */
export function orderConfirmationEmail(ctx: AppContext, order: OrderDto, channels: ShopChannels, instructions: string | null): MailMessage {
  const table = linesTable(order);
  // The e-mail follows the order's stage: a manual order entered as paid asks for no payment.
  const paid = order.payment !== null;
  const contact = shopContact(
    channels,
    paid ? `Hola, te escribo por mi pedido #${order.order_number}` : `Hola, quiero coordinar el pago del pedido #${order.order_number}`,
  );
  const receipt = contact
    ? `Envía el comprobante ${contact.where}.`
    : `Te vamos a escribir al ${order.customer_phone} para confirmar el pago.`;
  // Without a channel to write to, the shop writes first, to the phone the customer left.
  const payment = order.payment
    ? [`Ya registramos tu pago de ${formatArs(order.payment.amount)}. ¡Gracias!`]
    : instructions
      ? [`Paga ${formatArs(order.total)} indicando el pedido #${order.order_number} (los datos están abajo).`, receipt]
      : contact
        ? [
            `Escríbenos ${contact.where} indicando tu número de pedido #${order.order_number}.`,
            'Te enviaremos los datos para realizar el pago.',
            'Envía el comprobante de pago por el mismo medio.',
          ]
        : [
            `Te vamos a escribir al ${order.customer_phone} con los datos para realizar el pago del pedido #${order.order_number}.`,
            'Envía el comprobante de pago por el mismo medio.',
          ];
  const delivery =
    order.shipping && order.shipping.kind !== 'coordinate'
      ? `Enviamos tu pedido por ${deliveryLine(order)}${paid ? '.' : ' cuando recibamos el pago.'}`
      : 'Coordinamos juntos la entrega de tu pedido.';
  const steps = [...payment, delivery].map((step, i) => `${i + 1}. ${step}`);
  const rendered = renderEmail({
    title: `¡Gracias por tu pedido #${order.order_number}!`,
    preheader: paid
      ? `Recibimos tu pedido y tu pago de ${formatArs(order.payment!.amount)}.`
      : `Recibimos tu pedido por ${formatArs(order.total)}. Te contamos cómo seguir.`,
    paragraphs: [
      paid
        ? `Hola ${order.recipient_name}, recibimos tu pedido y tu pago: ya lo estamos preparando.`
        : `Hola ${order.recipient_name}, recibimos tu pedido y ya lo estamos preparando.`,
      `Estado del pedido: ${orderStageLabel(order)}.`,
      paid ? 'Pasos para la entrega:' : 'Pasos para el pago y la entrega:',
      steps.join('\n'),
      ...(instructions && !paid ? [`Cómo pagar el pedido #${order.order_number} (${formatArs(order.total)}):\n${instructions}`] : []),
    ],
    bodyHtml: table.html,
    bodyText: table.text,
    action: contact?.action,
    footnote: `Entrega: ${deliveryLine(order)}. Teléfono de contacto: ${order.customer_phone}.`,
  });
  return { to: order.customer_email, subject: `Confirmación de tu pedido #${order.order_number}`, ...rendered };
}

export function newOrderNoticeEmail(ctx: AppContext, order: OrderDto, to: string): MailMessage {
  const table = linesTable(order);
  const customer = order.customer.username ? ` (usuario ${order.customer.username})` : '';
  const rendered = renderEmail({
    title: `Nuevo pedido #${order.order_number}`,
    preheader: `${order.recipient_name} hizo un pedido por ${formatArs(order.total)}`,
    paragraphs: [
      `Cliente: ${order.recipient_name}${customer}`,
      `Estado: ${orderStageLabel(order)}`,
      `Teléfono: ${order.customer_phone}\nEmail: ${order.customer_email}\nEntrega: ${deliveryLine(order)}`,
    ],
    bodyHtml: table.html,
    bodyText: table.text,
    action: { label: 'Ver el pedido', url: `${ctx.config.publicUrl}/admin/pedidos/${order.order_number}` },
  });
  return { to, subject: `Nuevo pedido #${order.order_number} - ${formatArs(order.total)}`, ...rendered };
}

export function statusChangeEmail(ctx: AppContext, order: OrderDto, channels: ShopChannels): MailMessage {
  // The stage, not the stored status: a re-opened order that was paid is not "pendiente" of payment.
  const label = orderStageLabel(order);
  const contact = shopContact(channels);
  const explanation: Record<OrderDto['stage'], string> = {
    awaiting_payment: 'Tu pedido volvió a estar activo y espera el pago. Te contactaremos para coordinar el pago y la entrega.',
    paid: 'Tu pedido volvió a estar activo. Ya registramos tu pago: ahora preparamos la entrega.',
    shipped: 'Tu pedido volvió a estar activo. Ya lo enviamos: te avisaremos si hay novedades.',
    delivered: '¡Tu pedido fue completado! Gracias por tu compra.',
    cancelled: `Tu pedido fue cancelado.${contact ? ` Si tienes dudas, escríbenos ${contact.where}.` : ''}`,
  };
  const table = linesTable(order);
  const rendered = renderEmail({
    title: `Tu pedido #${order.order_number} está ${label.toLowerCase()}`,
    preheader: `Estado del pedido #${order.order_number}: ${label}`,
    paragraphs: [
      `Hola ${order.recipient_name},`,
      explanation[order.stage],
      ...(order.status === 'cancelled' && order.cancel_reason ? [`Motivo: ${order.cancel_reason}.`] : []),
      ...(order.refund?.status === 'owed'
        ? [`Como ya habías pagado, te devolveremos ${formatArs(order.refund.amount)}. Te avisaremos cuando lo hagamos.`]
        : []),
      ...(order.status === 'cancelled' && order.cancel_reason === EXPIRED_ORDER_REASON
        ? [
            `Pasaron ${ctx.config.pendingOrderDays} días sin que se confirmara el pago, así que cancelamos el pedido y liberamos los productos reservados. Si todavía los quieres, puedes hacer un nuevo pedido en la tienda.`,
          ]
        : []),
    ],
    bodyHtml: table.html,
    bodyText: table.text,
    action: myOrdersAction(ctx),
  });
  return { to: order.customer_email, subject: `Pedido #${order.order_number}: ${label}`, ...rendered };
}

/** Sends without letting any failure reach the caller. */
async function safeSend(ctx: AppContext, message: MailMessage, log?: Logger) {
  try {
    await sendMail(ctx, message, log);
  } catch (error) {
    log?.error({ err: error, to: message.to, subject: message.subject }, 'order mail could not be queued');
  }
}

export function paymentReceivedEmail(ctx: AppContext, order: OrderDto, payment: PaymentDto): MailMessage {
  const next =
    order.delivery_type === 'address'
      ? 'Ahora preparamos el envío: te avisaremos cuando lo despachemos, con el seguimiento.'
      : 'Ahora preparamos tu pedido y te escribiremos para coordinar la entrega.';
  const rendered = renderEmail({
    title: 'Recibimos tu pago',
    preheader: `Pago de ${formatArs(payment.amount)} del pedido #${order.order_number}`,
    paragraphs: [
      `Hola ${order.recipient_name},`,
      `Recibimos tu pago de ${formatArs(payment.amount)} (${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}) del pedido #${order.order_number}, el ${formatDateTime(payment.paid_at)}.`,
      next,
    ],
    action: myOrdersAction(ctx),
  });
  return { to: order.customer_email, subject: `Recibimos tu pago del pedido #${order.order_number}`, ...rendered };
}

export function shipmentEmail(ctx: AppContext, order: OrderDto, shipment: ShipmentDto): MailMessage {
  const pickup = shipment.carrier === 'retiro';
  const carrier = CARRIER_LABELS[shipment.carrier];
  const code = shipment.tracking_code ? `Código de seguimiento: ${shipment.tracking_code}` : null;
  const rendered = renderEmail({
    title: pickup ? `Tu pedido #${order.order_number} está listo para retirar` : `Tu pedido #${order.order_number} está en camino`,
    preheader: pickup ? 'Ya puedes retirarlo' : `Enviado por ${carrier}`,
    paragraphs: [
      `Hola ${order.recipient_name},`,
      pickup
        ? `Tu pedido #${order.order_number} está listo. Coordinamos contigo el retiro.`
        : `Despachamos tu pedido #${order.order_number}. Transporte: ${carrier}.`,
      // The tracking link is the e-mail's button (and its line in the text version), printed once.
      ...(code && !pickup ? [code] : []),
    ],
    action: shipment.tracking_url && !pickup ? { label: 'Seguir el envío', url: shipment.tracking_url } : myOrdersAction(ctx),
  });
  return {
    to: order.customer_email,
    subject: pickup ? `Tu pedido #${order.order_number} está listo para retirar` : `Tu pedido #${order.order_number} está en camino`,
    ...rendered,
  };
}

/** `settings`: the shop's settings the caller read for the same answer, read here otherwise. */
export async function notifyOrderCreated(ctx: AppContext, order: OrderDto, log?: Logger, settings?: ShopSettings) {
  settings ??= await readShopSettings(ctx);
  const channels = await shopChannels(ctx, settings);
  await safeSend(ctx, orderConfirmationEmail(ctx, order, channels, paymentInstructions(settings)), log);
  if (ctx.config.shopEmail) await safeSend(ctx, newOrderNoticeEmail(ctx, order, ctx.config.shopEmail), log);
}

export async function notifyStatusChanged(ctx: AppContext, order: OrderDto, log?: Logger) {
  await safeSend(ctx, statusChangeEmail(ctx, order, await shopChannels(ctx)), log);
}

export async function notifyPaymentReceived(ctx: AppContext, order: OrderDto, log?: Logger) {
  if (order.payment) await safeSend(ctx, paymentReceivedEmail(ctx, order, order.payment), log);
}

export async function notifyShipped(ctx: AppContext, order: OrderDto, log?: Logger) {
  if (order.shipment) await safeSend(ctx, shipmentEmail(ctx, order, order.shipment), log);
}

/**
 * The customer cancelled their order or removed lines from it: the shop hears of it (the units
 * are back on sale), and the customer gets the order as it now stands, with its new total.
 */
export function customerChangeEmails(
  ctx: AppContext,
  order: OrderDto,
  change: 'cancelled' | 'lines_removed',
  shopEmail: string | undefined,
) {
  const table = linesTable(order);
  const cancelled = change === 'cancelled';
  const customer = renderEmail({
    title: cancelled ? `Cancelaste el pedido #${order.order_number}` : `Modificaste el pedido #${order.order_number}`,
    preheader: cancelled ? 'Liberamos los productos reservados' : `El nuevo total es ${formatArs(order.total)}`,
    paragraphs: [
      `Hola ${order.recipient_name},`,
      cancelled
        ? `Cancelaste el pedido #${order.order_number}${order.cancel_reason ? ` (${order.cancel_reason})` : ''}. No tienes que pagar nada.`
        : `Quitaste productos del pedido #${order.order_number}. El nuevo total a pagar es ${formatArs(order.total)}.`,
    ],
    ...(cancelled ? {} : { bodyHtml: table.html, bodyText: table.text }),
    action: myOrdersAction(ctx),
  });
  const messages: MailMessage[] = [
    {
      to: order.customer_email,
      subject: cancelled
        ? `Cancelaste el pedido #${order.order_number}`
        : `Pedido #${order.order_number} modificado: nuevo total ${formatArs(order.total)}`,
      ...customer,
    },
  ];
  if (shopEmail) {
    const notice = renderEmail({
      title: cancelled ? `El cliente canceló el pedido #${order.order_number}` : `El cliente modificó el pedido #${order.order_number}`,
      preheader: cancelled ? `${order.recipient_name} canceló su pedido` : `Nuevo total: ${formatArs(order.total)}`,
      paragraphs: [
        `Cliente: ${order.recipient_name} (${order.customer_email}, ${order.customer_phone})`,
        cancelled
          ? 'El stock reservado volvió a estar a la venta.'
          : `Quitó productos: el nuevo total es ${formatArs(order.total)} y el stock de lo quitado volvió a la venta.`,
      ],
      bodyHtml: table.html,
      bodyText: table.text,
      action: { label: 'Ver el pedido', url: `${ctx.config.publicUrl}/admin/pedidos/${order.order_number}` },
    });
    messages.push({
      to: shopEmail,
      subject: cancelled
        ? `Pedido #${order.order_number} cancelado por el cliente`
        : `Pedido #${order.order_number} modificado por el cliente`,
      ...notice,
    });
  }
  return messages;
}

export async function notifyCustomerChange(ctx: AppContext, order: OrderDto, change: 'cancelled' | 'lines_removed', log?: Logger) {
  for (const message of customerChangeEmails(ctx, order, change, ctx.config.shopEmail)) await safeSend(ctx, message, log);
}

export function refundEmail(ctx: AppContext, order: OrderDto, refund: RefundDto): MailMessage {
  const how = refund.method ? ` (${PAYMENT_METHOD_LABELS[refund.method].toLowerCase()})` : '';
  const rendered = renderEmail({
    title: `Te devolvimos el pago del pedido #${order.order_number}`,
    preheader: `Reembolso de ${formatArs(refund.amount)}`,
    paragraphs: [
      `Hola ${order.recipient_name},`,
      `Te devolvimos ${formatArs(refund.amount)}${how} del pedido #${order.order_number}, que fue cancelado${refund.refunded_at ? `, el ${formatDateTime(refund.refunded_at)}` : ''}.`,
      'Si no lo ves reflejado en unos días, escríbenos.',
    ],
    action: myOrdersAction(ctx),
  });
  return { to: order.customer_email, subject: `Reembolso del pedido #${order.order_number}`, ...rendered };
}

export async function notifyRefunded(ctx: AppContext, order: OrderDto, log?: Logger) {
  if (order.refund?.status === 'done') await safeSend(ctx, refundEmail(ctx, order, order.refund), log);
}

/** Staff changed an order awaiting payment (lines, delivery): the customer sees it as it now stands. */
export function orderEditedEmail(ctx: AppContext, order: OrderDto): MailMessage {
  const table = linesTable(order);
  const rendered = renderEmail({
    title: `Actualizamos tu pedido #${order.order_number}`,
    preheader: `El nuevo total es ${formatArs(order.total)}`,
    paragraphs: [
      `Hola ${order.recipient_name},`,
      `Modificamos tu pedido #${order.order_number} como lo acordamos. El nuevo total a pagar es ${formatArs(order.total)}.`,
      `Entrega: ${deliveryLine(order)}.`,
    ],
    bodyHtml: table.html,
    bodyText: table.text,
    action: myOrdersAction(ctx),
  });
  return {
    to: order.customer_email,
    subject: `Pedido #${order.order_number} actualizado: nuevo total ${formatArs(order.total)}`,
    ...rendered,
  };
}

export async function notifyOrderEdited(ctx: AppContext, order: OrderDto, log?: Logger) {
  await safeSend(ctx, orderEditedEmail(ctx, order), log);
}
