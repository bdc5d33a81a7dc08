// POST /api/orders/{id}/payment-instructions/ (issue 21): staff send the shop's payment details
// again to a customer whose order waits for payment, e.g. one placed before 'Datos de pago'
// existed. Logged; refused once the order is paid, completed or cancelled.
import { NO_PAYMENT_DETAILS, paymentRequestRefusal, paymentRequestText } from '../../../domain/payment-request';
import { paymentInstructions } from '../../../domain/fulfilment';
import { formatArs } from '../../../domain/money';
import type { OrderDto } from '../../../domain/orders';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import type { Logger } from '../../logger';
import { logActivity } from '../../shared/activity-log';
import { readShopSettings, shopChannels, shopContact } from '../site';
import { type MailMessage, sendMail } from '../mail';
import { renderEmail } from '../../shared/mail-templates';
import { STAFF_VIEW } from './queries';
import { withOrderDto, type OrderActor } from './records';

function paymentRequestEmail(order: OrderDto, instructions: string, receipt: string): MailMessage {
  const rendered = renderEmail({
    title: `Datos de pago de tu pedido #${order.order_number}`,
    preheader: `Paga ${formatArs(order.total)} indicando el pedido #${order.order_number}`,
    paragraphs: paymentRequestText(order, instructions, { firstName: order.recipient_name, receipt }).split('\n\n'),
  });
  return { to: order.customer_email, subject: `Datos de pago de tu pedido #${order.order_number}`, ...rendered };
}

export async function resendPaymentInstructions(ctx: AppContext, actor: OrderActor, orderId: number, log?: Logger) {
  const order = await withOrderDto(ctx, orderId, {}, STAFF_VIEW);
  const refusal = paymentRequestRefusal(order);
  if (refusal) throw conflict(refusal, 'ORDER_NOT_AWAITING_PAYMENT');
  const settings = await readShopSettings(ctx);
  const channels = await shopChannels(ctx, settings);
  const instructions = paymentInstructions(settings);
  if (!instructions) throw conflict(NO_PAYMENT_DETAILS, 'NO_PAYMENT_DETAILS');
  const contact = shopContact(channels, `Hola, envío el comprobante del pedido #${order.order_number}`);
  const receipt = `Cuando pagues, envíanos el comprobante ${contact ? contact.where : 'respondiendo este correo'}.`;
  await ctx.db.transaction((tx) =>
    logActivity(tx, {
      action: 'update',
      description: `Pedido #${order.order_number}: datos de pago reenviados a ${order.customer_email}`,
      actor,
      entity_type: 'order',
      entity_id: order.id,
    }),
  );
  await sendMail(ctx, paymentRequestEmail(order, instructions, receipt), log);
  return { message: `Enviamos los datos de pago a ${order.customer_email}` };
}
