// Revocation requests through the 'Botón de arrepentimiento' (Res. SCI 424/2020; Ley 24.240 art.
// 34): registered with a code the customer receives by e-mail, sent to the shop, and linked to
// the order when its number and e-mail match one. An anonymous requester's answer and e-mail are
// the same whether or not an order matched: nobody learns from them whether an order exists or
// whose it is. A signed-in customer is told when the number is not one of their orders (that says
// nothing of anyone else's). The e-mail to the address given holds nothing the visitor typed, and
// only a few go to one address a day: the form cannot send someone else's inbox a flood of mails.
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { RevocationDto } from '../../../domain/legal';
import { REVOCATION_DAYS } from '../../../domain/legal';
import type { RevocationRequest } from '../../../domain/legal-schemas';
import type { Logger } from '../../logger';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { revocationRequests } from '../../db/schema';
import { findAccountByEmail } from '../auth';
import { orderByNumberAndEmail } from '../orders';
import { logActivity } from '../../shared/activity-log';
import { deliverInBackground, queueMail } from '../mail';
import { escapeHtml, renderEmail } from '../../shared/mail-templates';
import { quoteLines } from '../../../domain/text';

// No 0/O or 1/I: the code is read aloud and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

export function newRevocationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `ARR-${code}`;
}

/**
 * The order the request names, when its number is one of the shop's and it was placed with the
 * requester's e-mail (the order's or its account's), or by the signed-in caller. Asks the orders
 * and accounts areas.
 */
async function matchingOrder(
  db: DbOrTx,
  orderNumber: string,
  email: string,
  caller: RevocationCaller | null,
): Promise<{ id: number; order_number: number } | null> {
  if (!/^\d{1,9}$/.test(orderNumber)) return null;
  const lowered = email.toLowerCase();
  const account = await findAccountByEmail(db, lowered);
  const byEmail = await orderByNumberAndEmail(db, Number(orderNumber), lowered, account?.id ?? null);
  if (byEmail || !caller) return byEmail;
  return orderByNumberAndEmail(db, Number(orderNumber), caller.email.toLowerCase(), caller.id);
}

/** The signed-in customer who sends the form. */
export interface RevocationCaller {
  id: number;
  email: string;
}

export const notYourOrderMessage = (orderNumber: string) =>
  `El pedido ${orderNumber} no es uno de tus pedidos. Revisa el número en Mis Pedidos.`;

/** The confirmation e-mails one address receives in a day; later requests naming it are registered without one. */
export const REVOCATION_MAILS_PER_ADDRESS = 3;

/**
 * To the address the form gave, which may not be the sender's: the shop's own words and the code,
 * nothing the visitor typed (not even the order number).
 */
function customerEmail(row: typeof revocationRequests.$inferSelect) {
  const rendered = renderEmail({
    title: 'Recibimos tu solicitud de arrepentimiento',
    preheader: `Tu código de seguimiento es ${row.code}`,
    paragraphs: ['Hola:', 'Registramos una solicitud de revocación de compra hecha con este email. Este es tu código de seguimiento:'],
    code: row.code,
    footnote: `Dentro de las próximas 24 horas te contactamos para coordinar la devolución. El derecho de arrepentimiento puede ejercerse dentro de los ${REVOCATION_DAYS} días corridos desde que recibiste el producto, sin costo (Ley 24.240, art. 34). Si no hiciste esta solicitud, ignora este mensaje.`,
  });
  return { to: row.email, subject: `Solicitud de arrepentimiento ${row.code}`, ...rendered };
}

/**
 * To the shop: first what the shop itself states (the code, whether the number and e-mail match
 * one of its orders, whether the requester was e-mailed), then, apart and labelled, what the
 * visitor typed.
 */
function shopNotice(
  ctx: AppContext,
  row: typeof revocationRequests.$inferSelect,
  order: { order_number: number } | null,
  requesterMailed: boolean,
  to: string,
) {
  const typed: [string, string][] = [
    ['Nombre', row.name],
    ['Email', row.email],
    ['Número de pedido', row.order_number],
    ['Motivo', row.reason || '(no indicado)'],
  ];
  const rendered = renderEmail({
    title: `Nueva solicitud de arrepentimiento ${row.code}`,
    preheader: order ? `Pedido #${order.order_number}` : 'Ningún pedido coincide: verifícalo con el cliente',
    paragraphs: [
      `Código: ${row.code}`,
      order
        ? `Verificación de la tienda: coincide con el pedido #${order.order_number} (el número y el email ingresados son los de ese pedido).`
        : 'Verificación de la tienda: ningún pedido coincide con el número y el email ingresados. Verifícalo con el cliente.',
      requesterMailed
        ? 'Enviamos el código por email a la dirección ingresada.'
        : `No enviamos el código por email: esa dirección ya recibió ${REVOCATION_MAILS_PER_ADDRESS} en las últimas 24 horas.`,
      'Responde al cliente dentro de las 24 horas (Res. SCI 424/2020).',
    ],
    bodyHtml:
      '<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d6d3d1;background:#f5f5f4;font-size:15px;line-height:1.6;color:#44403c;">' +
      '<p style="margin:0 0 8px;font-weight:bold;">Datos ingresados por el cliente (sin verificar):</p>' +
      typed
        .map(([label, value]) => `<p style="margin:0 0 4px;">${label}: ${escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>')}</p>`)
        .join('') +
      '</div>',
    bodyText: [
      'Datos ingresados por el cliente (sin verificar):',
      ...typed.map(([label, value]) => `${label}:\n${quoteLines(value)}`),
    ].join('\n'),
    action: { label: 'Ver las solicitudes', url: `${ctx.config.publicUrl}/admin/arrepentimientos` },
  });
  return { to, subject: `Arrepentimiento ${row.code}: ${order ? `pedido #${order.order_number}` : 'pedido sin verificar'}`, ...rendered };
}

/**
 * A signed-in customer names one of their orders (or one placed with the e-mail they give): told
 * at once when not, before the request takes its place in the limits. Anonymous callers are not
 * told (the same answer either way).
 */
export async function refuseOtherOrders(ctx: AppContext, input: RevocationRequest, caller: RevocationCaller | null): Promise<void> {
  if (!caller || (await matchingOrder(ctx.db, input.order_number, input.email, caller))) return;
  const message = notYourOrderMessage(input.order_number);
  throw badRequest(message, { order_number: [message] });
}

export interface RevocationOptions {
  /** The signed-in customer sending it, told when the number is not one of their orders. */
  caller: RevocationCaller | null;
  /** Whether the address given may still get a confirmation today (REVOCATION_MAILS_PER_ADDRESS). */
  mailRequester: boolean;
}

export async function createRevocation(
  ctx: AppContext,
  input: RevocationRequest,
  options: RevocationOptions,
  log?: Logger,
): Promise<{ code: string }> {
  const mails: number[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    const order = await matchingOrder(tx, input.order_number, input.email, options.caller);
    let created: typeof revocationRequests.$inferSelect | undefined;
    // A code already taken (one in a billion) is drawn again.
    for (let attempt = 0; !created && attempt < 5; attempt++) {
      [created] = await tx
        .insert(revocationRequests)
        .values({ ...input, code: newRevocationCode(), order_id: order?.id ?? null, created_at: ctx.now() })
        .onConflictDoNothing({ target: revocationRequests.code })
        .returning();
    }
    if (!created) throw new Error('no free revocation code');
    await logActivity(tx, {
      action: 'create',
      description: `Solicitud de arrepentimiento ${created.code} (pedido ${created.order_number})`,
      actor: null,
      entity_type: 'revocation_request',
      entity_id: created.id,
      changes: { code: created.code, email: created.email, order_id: created.order_id },
    });
    if (options.mailRequester) mails.push(await queueMail(tx, customerEmail(created)));
    if (ctx.config.shopEmail) mails.push(await queueMail(tx, shopNotice(ctx, created, order, options.mailRequester, ctx.config.shopEmail)));
    return created;
  });
  deliverInBackground(ctx, mails, log);
  return { code: row.code };
}

const toDto = (row: typeof revocationRequests.$inferSelect): RevocationDto => ({
  id: row.id,
  code: row.code,
  name: row.name,
  email: row.email,
  order_number: row.order_number,
  reason: row.reason,
  order_id: row.order_id,
  created_at: row.created_at.toISOString(),
});

export async function listRevocations(
  ctx: AppContext,
  query: { page: number; page_size: number; search?: string; order_id?: number },
): Promise<{ results: RevocationDto[]; count: number }> {
  let where: SQL | undefined = query.order_id === undefined ? undefined : eq(revocationRequests.order_id, query.order_id);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = and(
      where,
      or(
        ilike(revocationRequests.code, like),
        ilike(revocationRequests.email, like),
        ilike(revocationRequests.name, like),
        ilike(revocationRequests.order_number, like),
      ),
    );
  }
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(revocationRequests)
      .where(where)
      .orderBy(desc(revocationRequests.created_at), desc(revocationRequests.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(revocationRequests).where(where),
  ]);
  return { results: rows.map(toDto), count: Number(total.n) };
}
