// Manual orders (POST /api/orders/manual/): a sale agreed by message that staff enter. The customer
// is found by e-mail; a new e-mail gets an unverified account the person claims by registering
// (or resetting the password) with that address, which then shows the order in Mis Pedidos. The
// order is placed exactly as a checkout places it (place-order.ts): same facts, prices, coupon,
// shipping quote, totals and stock reservation.
import type { ManualOrderInput, OrderDto } from '../../../domain/orders';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Logger } from '../../logger';
import { findAccountByEmail, freeUsername, insertAccount } from '../auth';
import { conflict } from '../../errors';
import { logActivity } from '../../shared/activity-log';
import { notifyOrderCreated } from './emails';
import { paymentDate, writePayment } from './fulfilment';
import { STAFF_VIEW } from './queries';
import { orderFacts, placeOrder } from './place-order';
import { customerView, lockOrder, withOrderDto, writeOrders, type OrderActor } from './records';

/** No password can match it: the account is only reachable once its owner registers or resets. */
const UNCLAIMED_PASSWORD = '!unclaimed';

async function findOrCreateCustomer(tx: Tx, staff: OrderActor, input: ManualOrderInput, now: Date) {
  const existing = await findAccountByEmail(tx, input.customer_email);
  if (existing) {
    // A deactivated account is staff's decision too: it is switched back on first, on purpose.
    if (!existing.is_active) {
      throw conflict(
        `La cuenta de ${existing.email} está desactivada. Actívala en Usuarios antes de cargarle un pedido.`,
        'ACCOUNT_INACTIVE',
      );
    }
    return existing;
  }
  const account = await insertAccount(
    tx,
    {
      username: await freeUsername(tx, input.customer_email),
      email: input.customer_email,
      first_name: input.first_name ?? '',
      last_name: input.last_name ?? '',
      phone: input.phone,
    },
    { passwordHash: UNCLAIMED_PASSWORD, emailVerified: false, now },
  );
  await logActivity(tx, {
    action: 'create',
    description: `Cliente ${account.email} creado con un pedido manual`,
    actor: staff,
    entity_type: 'user',
    entity_id: account.id,
  });
  return account;
}

const recipientOf = (input: ManualOrderInput, customer: { first_name: string; last_name: string; email: string }) => {
  const name = input.recipient_name ?? `${input.first_name ?? customer.first_name} ${input.last_name ?? customer.last_name}`.trim();
  return name.length >= 3 ? name : customer.email;
};

/**
 * Two orders entered at once for the same new e-mail (or for e-mails that make the same username)
 * both try to create the account; the one that loses rolls back whole and is tried again, and then
 * finds the account, or a free username, that the other committed.
 */
async function retryOnNewAccountRace<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

export async function createManualOrder(ctx: AppContext, staff: OrderActor, input: ManualOrderInput, log?: Logger): Promise<OrderDto> {
  const facts = await orderFacts(ctx, input.shipping_method_id);
  const { now, settings } = facts;
  const paidAt = input.payment ? paymentDate(input.payment.paid_at, now) : null;
  const orderId = await retryOnNewAccountRace(() =>
    writeOrders(ctx, async (tx) => {
      const customer = await findOrCreateCustomer(tx, staff, input, now);
      const placed = await placeOrder(
        ctx,
        tx,
        {
          customer,
          input: {
            ...input,
            recipient_name: recipientOf(input, customer),
            customer_phone: input.customer_phone ?? input.phone,
          },
          source: 'manual',
          actor: staff,
          enforcePendingCap: false,
          internalNotes: input.note,
        },
        facts,
      );
      if (input.payment && paidAt) await writePayment(tx, staff, (await lockOrder(tx, placed.id))!, input.payment, paidAt);
      return placed.id;
    }),
  );
  const dto = await withOrderDto(ctx, orderId, {}, await customerView(ctx, settings));
  await notifyOrderCreated(ctx, dto, log, settings);
  return withOrderDto(ctx, orderId, {}, STAFF_VIEW);
}
