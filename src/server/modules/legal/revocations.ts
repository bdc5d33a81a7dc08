// Revocation requests through the 'Botón de arrepentimiento' (Res. SCI 424/2020; Ley 24.240 art.
// 34): registered with a code the customer receives by e-mail, sent to the shop, and linked to
// the order when its number and e-mail match one. The requester's answer and e-mail are the same
// whether or not an order matched: nobody learns from them whether an order exists or whose it is.
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { RevocationDto } from '../../../domain/legal';
import { REVOCATION_DAYS } from '../../../domain/legal';
import type { RevocationRequest } from '../../../domain/legal-schemas';
import type { Logger } from '../../logger';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { revocationRequests } from '../../db/schema';
import { findAccountByEmail } from '../auth/accounts';
import { orderByNumberAndEmail } from '../orders/lookups';
import { logActivity } from '../activity/log';
import { deliverInBackground, queueMail } from '../mail/service';
import { renderEmail } from '../mail/templates';

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
 * requester's e-mail (the order's or its account's). Asks the orders and accounts areas.
 */
async function matchingOrder(db: DbOrTx, orderNumber: string, email: string): Promise<{ id: number; order_number: number } | null> {
  if (!/^\d{1,9}$/.test(orderNumber)) return null;
  const lowered = email.toLowerCase();
  const account = await findAccountByEmail(db, lowered);
  return orderByNumberAndEmail(db, Number(orderNumber), lowered, account?.id ?? null);
}

function customerEmail(row: typeof revocationRequests.$inferSelect) {
  const rendered = renderEmail({
    title: 'Recibimos tu solicitud de arrepentimiento',
    preheader: `Tu código de seguimiento es ${row.code}`,
    paragraphs: [
      `Hola ${row.name}:`,
      `Registramos tu solicitud de revocación de la compra del pedido ${row.order_number}. Este es tu código de seguimiento:`,
    ],
    code: row.code,
    footnote: `Dentro de las próximas 24 horas te contactamos para coordinar la devolución. El derecho de arrepentimiento puede ejercerse dentro de los ${REVOCATION_DAYS} días corridos desde que recibiste el producto, sin costo (Ley 24.240, art. 34).`,
  });
  return { to: row.email, subject: `Solicitud de arrepentimiento ${row.code}`, ...rendered };
}

function shopNotice(ctx: AppContext, row: typeof revocationRequests.$inferSelect, order: { order_number: number } | null, to: string) {
  const rendered = renderEmail({
    title: `Nueva solicitud de arrepentimiento ${row.code}`,
    preheader: `${row.name}: pedido ${row.order_number}`,
    paragraphs: [
      `Código: ${row.code}`,
      `Cliente: ${row.name}\nEmail: ${row.email}`,
      order
        ? `Pedido: #${order.order_number} (el número y el email coinciden con un pedido de la tienda)`
        : `Número de pedido indicado: ${row.order_number} (no coincide con un pedido hecho con ese email: verifícalo con el cliente)`,
      row.reason ? `Motivo: ${row.reason}` : 'Motivo: no indicado',
      `Responde al cliente dentro de las 24 horas (Res. SCI 424/2020).`,
    ],
    action: { label: 'Ver las solicitudes', url: `${ctx.config.publicUrl}/admin/arrepentimientos` },
  });
  return { to, subject: `Arrepentimiento ${row.code}: pedido ${row.order_number}`, ...rendered };
}

export async function createRevocation(ctx: AppContext, input: RevocationRequest, log?: Logger): Promise<{ code: string }> {
  const mails: number[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    const order = await matchingOrder(tx, input.order_number, input.email);
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
    mails.push(await queueMail(tx, customerEmail(created)));
    if (ctx.config.shopEmail) mails.push(await queueMail(tx, shopNotice(ctx, created, order, ctx.config.shopEmail)));
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
