// Germination warranty claims: filing (guests and customers), the customer's own list, eligible
// orders, and the staff list and review with an e-mail to the customer on each status change.
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { shopDate } from '../../../domain/dates';
import {
  type AdminWarrantyClaimDto,
  checkClaimDates,
  ELIGIBLE_ORDER_STATUSES,
  type EligibleOrderDto,
  STATUSES_WITH_RESOLUTION,
  type WarrantyClaimDto,
  type WarrantyClaimInput,
  type WarrantyClaimListQuery,
  type WarrantyClaimUpdate,
  WARRANTY_MESSAGES,
  WARRANTY_STATUS_LABELS,
  WARRANTY_STATUS_MESSAGES,
} from '../../../domain/warranty';
import type { AppContext } from '../../context';
import { folded, warrantyClaims } from '../../db/schema';
import { accountIdWithEmail, accountPhone, accountSince } from '../auth';
import {
  activeOrdersCount,
  customerOrderIn,
  customerOrdersWithProducts,
  latestOrderPhone,
  orderColumns,
  orderIdsNumbered,
  orderLineFor,
  orderNumberAndCustomer,
} from '../orders';
import { badRequest, type FieldErrors, notFound } from '../../errors';
import type { AuthUser } from '../../security/caller';
import { logActivity } from '../../shared/activity-log';
import { sendMail } from '../mail';
import { isSafeKey } from '../../storage';
import { renderEmail } from '../../shared/mail-templates';
import { quoteLines } from '../../../domain/text';

type ClaimRow = typeof warrantyClaims.$inferSelect;

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** A claim with the number its order shows customers (null without an order). */
type ClaimWithOrder = ClaimRow & { order_number: number | null };

export function toCustomerDto(row: ClaimWithOrder): WarrantyClaimDto {
  return {
    id: row.id,
    status: row.status,
    status_display: WARRANTY_STATUS_LABELS[row.status],
    status_message: WARRANTY_STATUS_MESSAGES[row.status],
    name: row.name,
    email: row.email,
    user_id: row.user_id,
    order_id: row.order_id,
    order_number: row.order_number,
    product_id: row.product_id,
    product_name: row.product_name,
    purchase_date: row.purchase_date,
    germination_date: row.germination_date,
    description: row.description,
    photo1: row.photo1,
    photo2: row.photo2,
    photo3: row.photo3,
    admin_response: row.admin_response,
    resolution_details: row.resolution_details,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

interface UserDetails {
  user_phone: string | null;
  user_since: Date | string | null;
  previous_orders_count: number;
}

function toAdminDto(row: ClaimWithOrder & { order_customer_id?: number | null }, details?: UserDetails): AdminWarrantyClaimDto {
  return {
    ...toCustomerDto(row),
    admin_notes: row.admin_notes,
    order: row.order_id ? { id: row.order_id, customer_id: row.order_customer_id ?? null } : null,
    ...(details
      ? {
          user_phone: details.user_phone,
          user_since: iso(details.user_since),
          previous_orders_count: Number(details.previous_orders_count),
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Filing a claim

const PHOTO_PATH = /^\/uploads\/warranty\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.(webp|jpe?g|png)$/;

/**
 * A photo must be one this shop stored through POST /api/uploads/ (purpose warranty): a path
 * under /uploads/warranty/, relative or on this shop's own address, that the upload store holds.
 * Stored as the path, so no host is baked into the data. With S3_PUBLIC_URL the upload answered
 * the picture at that address, which is taken as well and stored as the same path.
 */
async function resolvePhoto(ctx: AppContext, raw: string): Promise<string | null> {
  const shopUrl = new URL(ctx.config.publicUrl);
  let url: URL;
  try {
    url = new URL(raw, shopUrl);
  } catch {
    return null;
  }
  if (url.search || url.hash) return null;
  let pathname: string;
  const direct = ctx.config.s3?.publicUrl;
  if (url.origin === shopUrl.origin) pathname = url.pathname;
  else if (direct && url.href.startsWith(`${direct}/`)) pathname = `/uploads/${url.href.slice(direct.length + 1)}`;
  else return null;
  if (!PHOTO_PATH.test(pathname) || pathname.includes('..')) return null;
  const key = pathname.slice('/uploads/'.length);
  if (!isSafeKey(key)) return null;
  return (await ctx.storage.head(key)) ? pathname : null;
}

const fullName = (user: { first_name: string; last_name: string; username: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;

/** A claim that passed every check, ready to be stored (insertClaim). */
export interface CheckedClaim {
  claim: Omit<typeof warrantyClaims.$inferInsert, 'photo1' | 'photo2' | 'photo3' | 'description'>;
  description: string;
  photos: string[];
  orderNumber: number | null;
}

/** The claim's checks that need the database (photos stored, the customer's order): a 400 with every field that fails. */
export async function checkClaim(ctx: AppContext, user: AuthUser | null, input: WarrantyClaimInput): Promise<CheckedClaim> {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const today = shopDate(ctx.now());

  const photos: string[] = [];
  for (const raw of input.photos) {
    const photo = await resolvePhoto(ctx, raw);
    if (photo) photos.push(photo);
    else {
      fail('photos', WARRANTY_MESSAGES.photoInvalid);
      break;
    }
  }

  let claim: Omit<typeof warrantyClaims.$inferInsert, 'photo1' | 'photo2' | 'photo3' | 'description'>;
  let orderNumber: number | null = null;
  if (input.order_id !== undefined && user) {
    // spec accounts-admin §5: only the customer's own pending or completed orders.
    const order = await customerOrderIn(ctx.db, input.order_id, user.id, ELIGIBLE_ORDER_STATUSES);
    if (!order) throw badRequest(WARRANTY_MESSAGES.orderNotEligible, { ...errors, order_id: [WARRANTY_MESSAGES.orderNotEligible] });
    orderNumber = order.order_number;
    const line = await orderLineFor(ctx.db, order.id, input.product_id ?? 0);
    if (!line) fail('product_id', WARRANTY_MESSAGES.productNotInOrder);
    const purchaseDate = shopDate(order.created_at);
    const dates = checkClaimDates(purchaseDate, input.germination_date, today);
    if (dates.germination_date) fail('germination_date', dates.germination_date);
    claim = {
      name: order.recipient_name || fullName(user),
      email: (order.customer_email || user.email).toLowerCase(),
      user_id: user.id,
      order_id: order.id,
      product_id: line?.product_id ?? null,
      product_name: line?.product_name ?? '',
      purchase_date: purchaseDate,
      germination_date: input.germination_date,
    };
  } else {
    claim = {
      // Customers file under their account's name and address; guests give theirs.
      name: user ? fullName(user) : input.name,
      email: user ? user.email.toLowerCase() : input.email,
      user_id: user?.id ?? null,
      product_name: input.product_name,
      purchase_date: input.purchase_date!,
      germination_date: input.germination_date,
    };
  }

  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]][0], errors);
  return { claim, description: input.description, photos, orderNumber };
}

/** The shop hears of every new claim, as of every new order (orders/emails.ts). */
function newClaimNoticeEmail(ctx: AppContext, claim: ClaimRow, orderNumber: number | null, to: string) {
  const rendered = renderEmail({
    title: `Nueva solicitud de garantía #${claim.id}`,
    preheader: `${claim.name}: ${claim.product_name}`,
    paragraphs: [
      `Cliente: ${claim.name}${claim.user_id ? '' : ' (sin cuenta)'}\nEmail: ${claim.email}`,
      `Producto: ${claim.product_name}${orderNumber ? ` (pedido #${orderNumber})` : ''}`,
      // Apart and marked line by line: a line typed here cannot pass for the shop's "(pedido #…)".
      `Descripción escrita por el cliente (sin verificar):\n${quoteLines(claim.description)}`,
    ],
    action: { label: 'Revisar la solicitud', url: `${ctx.config.publicUrl}/admin/garantias` },
  });
  return { to, subject: `Nueva solicitud de garantía #${claim.id}: ${claim.product_name}`, ...rendered };
}

export async function insertClaim(ctx: AppContext, user: AuthUser | null, checked: CheckedClaim, log?: Logger): Promise<WarrantyClaimDto> {
  const { claim, description, photos, orderNumber } = checked;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(warrantyClaims)
      .values({
        ...claim,
        description,
        photo1: photos[0] ?? null,
        photo2: photos[1] ?? null,
        photo3: photos[2] ?? null,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning();
    await logActivity(tx, {
      action: 'create',
      description: `Solicitud de garantía #${created.id} creada (${created.product_name})`,
      actor: user ? { id: user.id, username: user.username } : null,
      entity_type: 'warranty_claim',
      entity_id: created.id,
      changes: { claimant: created.email, order_id: created.order_id, product_name: created.product_name },
    });
    return created;
  });
  // After commit; a failure to queue the notice never fails the customer's claim.
  if (ctx.config.shopEmail) {
    await sendMail(ctx, newClaimNoticeEmail(ctx, row, orderNumber, ctx.config.shopEmail), log).catch((error: unknown) =>
      log?.error({ err: error }, 'warranty claim notice could not be queued'),
    );
  }
  return toCustomerDto({ ...row, order_number: orderNumber });
}

export async function listEligibleOrders(ctx: AppContext, userId: number): Promise<EligibleOrderDto[]> {
  const found = await customerOrdersWithProducts(ctx.db, userId, ELIGIBLE_ORDER_STATUSES);
  return found.map((order) => {
    return {
      id: order.id,
      order_number: order.order_number,
      created_at: order.created_at.toISOString(),
      purchase_date: shopDate(order.created_at),
      recipient_name: order.recipient_name,
      status: order.status,
      products: order.products,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading claims

export interface ClaimPage<T> {
  results: T[];
  count: number;
}

export async function listOwnClaims(ctx: AppContext, userId: number, page: number, pageSize: number): Promise<ClaimPage<WarrantyClaimDto>> {
  const where = eq(warrantyClaims.user_id, userId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ claim: warrantyClaims, order_number: ofOrder.order_number })
      .from(warrantyClaims)
      .where(where)
      .orderBy(desc(warrantyClaims.created_at), desc(warrantyClaims.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(warrantyClaims).where(where),
  ]);
  return { results: rows.map((r) => toCustomerDto({ ...r.claim, order_number: r.order_number })), count: Number(total) };
}

/** The claim's order: its number and its customer, read from the orders area. */
const ofOrder = orderColumns(sql`"warranty_claims"."order_id"`);

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The account behind a claim: its own, else the one registered with the claim's e-mail.
const claimUserId = sql`coalesce(${warrantyClaims.user_id}, ${accountIdWithEmail(warrantyClaims.email)})`;

export async function listClaimsForStaff(ctx: AppContext, query: WarrantyClaimListQuery): Promise<ClaimPage<AdminWarrantyClaimDto>> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(warrantyClaims.status, query.status));
  if (query.search) {
    // Accents and case ignored, as in the order search ("gonzalez" finds "González").
    const pattern = folded(sql`${likePattern(query.search)}`);
    const matches = [warrantyClaims.name, warrantyClaims.email, warrantyClaims.product_name, warrantyClaims.description].map(
      (column) => sql`${folded(sql`${column}`)} like ${pattern}`,
    );
    const number = /^#?(\d{1,9})$/.exec(query.search)?.[1];
    if (number) {
      const ordered = orderIdsNumbered(ctx.db, Number(number));
      matches.push(eq(warrantyClaims.id, Number(number)), inArray(warrantyClaims.order_id, ordered));
    }
    conditions.push(or(...matches)!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const details = {
    user_phone: sql<string | null>`coalesce(${accountPhone(claimUserId)}, ${latestOrderPhone(claimUserId, warrantyClaims.email)})`,
    user_since: accountSince(claimUserId),
    previous_orders_count: activeOrdersCount(claimUserId, warrantyClaims.email),
  };
  const base = ctx.db
    .select({
      claim: warrantyClaims,
      ...ofOrder,
      ...(query.include_user_details ? details : {}),
    })
    .from(warrantyClaims);
  const [rows, [{ total }]] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(warrantyClaims.created_at), desc(warrantyClaims.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ total: count() }).from(warrantyClaims).where(where),
  ]);
  return {
    results: rows.map((r) =>
      toAdminDto(
        { ...r.claim, order_number: r.order_number, order_customer_id: r.order_customer_id },
        query.include_user_details ? (r as unknown as UserDetails) : undefined,
      ),
    ),
    count: Number(total),
  };
}

/** Staff read any claim; a customer only their own, without the internal notes. */
export async function getClaim(
  ctx: AppContext,
  viewer: AuthUser,
  id: number,
  staff: boolean,
): Promise<WarrantyClaimDto | AdminWarrantyClaimDto> {
  const [row] = await ctx.db
    .select({ claim: warrantyClaims, ...ofOrder })
    .from(warrantyClaims)
    .where(eq(warrantyClaims.id, id));
  if (!row || (!staff && row.claim.user_id !== viewer.id)) throw notFound('Solicitud de garantía no encontrada');
  const claim = { ...row.claim, order_number: row.order_number };
  return staff ? toAdminDto({ ...claim, order_customer_id: row.order_customer_id }) : toCustomerDto(claim);
}

// ---------------------------------------------------------------------------------------------
// Review by staff

function statusEmail(ctx: AppContext, claim: ClaimRow) {
  const label = WARRANTY_STATUS_LABELS[claim.status];
  const paragraphs = [
    `Hola ${claim.name},`,
    `El estado de tu solicitud de garantía #${claim.id} (${claim.product_name}) cambió a "${label}".`,
    WARRANTY_STATUS_MESSAGES[claim.status],
  ];
  if (claim.admin_response) paragraphs.push(`Respuesta de nuestro equipo: ${claim.admin_response}`);
  if (claim.resolution_details && STATUSES_WITH_RESOLUTION.includes(claim.status)) {
    paragraphs.push(`Detalles de la resolución: ${claim.resolution_details}`);
  }
  // Internal notes (admin_notes) never leave the admin area.
  const rendered = renderEmail({
    title: 'Actualización de tu solicitud de garantía',
    preheader: `Tu solicitud #${claim.id} está ${label.toLowerCase()}`,
    paragraphs,
    action: claim.user_id ? { label: 'Ver mis solicitudes', url: `${ctx.config.publicUrl}/mi-cuenta?section=warranty` } : undefined,
  });
  return { to: claim.email, subject: `Solicitud de garantía #${claim.id}: ${label}`, ...rendered };
}

export async function updateClaim(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  update: WarrantyClaimUpdate,
  log?: Logger,
): Promise<AdminWarrantyClaimDto> {
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(warrantyClaims).where(eq(warrantyClaims.id, id)).for('update');
    if (!current) throw notFound('Solicitud de garantía no encontrada');
    const changes: Partial<ClaimRow> = {};
    for (const key of ['status', 'admin_notes', 'admin_response', 'resolution_details'] as const) {
      if (update[key] !== undefined && update[key] !== current[key]) Object.assign(changes, { [key]: update[key] });
    }
    if (!Object.keys(changes).length) return { before: current, after: current };
    const [updated] = await tx
      .update(warrantyClaims)
      .set({ ...changes, updated_at: ctx.now() })
      .where(eq(warrantyClaims.id, id))
      .returning();
    const statusChanged = updated.status !== current.status;
    await logActivity(tx, {
      action: statusChanged ? 'status_change' : 'update',
      description: statusChanged
        ? `Solicitud de garantía #${id}: ${WARRANTY_STATUS_LABELS[current.status]} → ${WARRANTY_STATUS_LABELS[updated.status]}`
        : `Solicitud de garantía #${id} actualizada`,
      actor: { id: actor.id, username: actor.username },
      entity_type: 'warranty_claim',
      entity_id: id,
      changes: statusChanged
        ? { old_status: current.status, new_status: updated.status, changed_by: actor.username }
        : { before: pick(current, Object.keys(changes)), after: pick(updated, Object.keys(changes)) },
    });
    return { before: current, after: updated };
  });
  // spec: the customer hears of every status change; sent after the change is committed.
  if (after.status !== before.status) await sendMail(ctx, statusEmail(ctx, after), log);
  const row = await orderNumberAndCustomer(ctx.db, after.order_id ?? 0);
  return toAdminDto({ ...after, order_number: row?.order_number ?? null, order_customer_id: row?.order_customer_id ?? null });
}

function pick(row: ClaimRow, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k as keyof ClaimRow]]));
}
