import { legacyRole, roleColumns, type Permission, type StaffRole } from '../../src/domain/staff-roles';
import { randomUUID } from 'node:crypto';
// Small factories that write test data straight to the database.
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { normalizeSearch, slugify } from '../../src/domain/text';
import { PRODUCT_TYPE_LABELS } from '../../src/domain/catalog';
import type { Db } from '../../src/server/db/client';
import { blisters, brands, orderProducts, orders, products, refreshTokens, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/security/passwords';
import { signAccessToken } from '../../src/server/security/tokens';
import { TEST_JWT_SECRET } from './app';

let counter = 0;
const next = () => ++counter;

/**
 * Numbers names from 1 again. Test files share the module cache of their worker, so the run
 * calls this before each file (tests/helpers/each-file.ts): a file sees the same names whichever
 * files ran before it in the same worker.
 */
export function resetFactoryNumbers(): void {
  counter = 0;
}

export async function createBrand(db: Db, overrides: Partial<typeof brands.$inferInsert> = {}) {
  const n = next();
  const brand_name = overrides.brand_name ?? `Banco ${n}`;
  const [row] = await db
    .insert(brands)
    .values({ brand_name, brand_id: slugify(brand_name), description: `Descripción del ${brand_name}`, is_national: false, ...overrides })
    .returning();
  return row;
}

export interface BlisterInput {
  seed_count?: number;
  price?: number | null;
  stock?: number;
  discount?: number;
  /** ARS; none unless given. */
  cost_price?: number | null;
}

export async function createProduct(db: Db, overrides: Partial<typeof products.$inferInsert> & { blisters?: BlisterInput[] } = {}) {
  const { blisters: blisterInputs = [{}], ...fields } = overrides;
  const brandId = fields.brand_id ?? (await createBrand(db)).id;
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  const name = fields.name ?? `Producto ${next()}`;
  const type = fields.type ?? 'fem';
  const [product] = await db
    .insert(products)
    .values({
      name,
      type,
      brand_id: brandId,
      description: `Descripción de ${name}`,
      search_text: normalizeSearch(`${name} ${brand.brand_name} ${PRODUCT_TYPE_LABELS[type]}`),
      ...fields,
    })
    .returning();
  const createdBlisters = [];
  for (const [i, b] of blisterInputs.entries()) {
    const [row] = await db
      .insert(blisters)
      .values({
        product_id: product.id,
        seed_count: b.seed_count ?? (i + 1) * 3,
        price: b.price === undefined ? 10000 : b.price,
        stock: b.stock ?? 10,
        discount: b.discount ?? 0,
        cost_price: b.cost_price ?? null,
      })
      .returning();
    createdBlisters.push(row);
  }
  return { ...product, brand, blisters: createdBlisters };
}

export const TEST_PASSWORD = 'clave-segura-123';

/**
 * A user with a working access token. `is_staff` / `is_superuser` in the overrides become the role
 * they meant before roles (legacyRole: a superuser is the owner, other staff a custom role with
 * every permission but the owner's), unless `staff_role` is given.
 */
export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const n = next();
  const { password = TEST_PASSWORD, ...given } = overrides;
  const fields =
    given.staff_role !== undefined
      ? { ...given, ...roleColumns(given.staff_role, (given.staff_permissions ?? []) as Permission[]) }
      : { ...given, ...legacyRole({ is_staff: !!given.is_staff, is_superuser: !!given.is_superuser }) };
  const [user] = await db
    .insert(users)
    .values({
      username: `cliente${n}`,
      email: `cliente${n}@test.local`,
      first_name: 'Cliente',
      last_name: `Número ${n}`,
      email_verified: true,
      password_hash: await hashPassword(password, { memoryCost: 1024, timeCost: 1 }),
      ...fields,
    })
    .returning();
  // A real session row: access tokens are valid only while their session is open.
  const session_id = randomUUID();
  await db.insert(refreshTokens).values({
    user_id: user.id,
    family_id: session_id,
    token_hash: randomUUID(),
    expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  });
  const token = await signAccessToken(TEST_JWT_SECRET, user.id, session_id);
  return { ...user, token, session_id };
}

/** Staff with full non-owner access (as every staff member had before roles), or the owner with `is_superuser`. */
export const createStaff = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) => createUser(db, { is_staff: true, ...overrides });

/** A staff member of one role (a custom role takes its permissions); `null` makes a customer. */
export const createStaffWithRole = (
  db: Db,
  role: StaffRole | null,
  permissions: Permission[] = [],
  overrides: Partial<typeof users.$inferInsert> = {},
) => createUser(db, { ...overrides, staff_role: role, staff_permissions: permissions });

/**
 * An order row written straight to the table (no checkout, no stock moved): a pending order of
 * `customer` with coordinated delivery, unless the overrides say otherwise. Lines: createOrderLine.
 */
export async function createOrderRow(db: Db, customer: { id: number; email: string }, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await db
    .insert(orders)
    .values({
      user_id: customer.id,
      total: 1000,
      recipient_name: 'Cliente Prueba',
      shipping_address: 'Coordinar entrega',
      customer_email: customer.email,
      customer_phone: '1122334455',
      delivery_type: 'coordinate',
      ...overrides,
    })
    .returning();
  return order;
}

/** One unit of `product`'s first blister at 1000 in the order `orderId`, unless the overrides say otherwise. */
export async function createOrderLine(
  db: Db,
  orderId: number,
  product: { id: number; name: string; blisters: { id: number }[] },
  overrides: Partial<typeof orderProducts.$inferInsert> = {},
) {
  const [line] = await db
    .insert(orderProducts)
    .values({
      order_id: orderId,
      product_id: product.id,
      blister_id: product.blisters[0].id,
      quantity: 1,
      price_at_time: 1000,
      product_name: product.name,
      ...overrides,
    })
    .returning();
  return line;
}

/** A staff member and a customer, created before the file's tests: read `.staff` and `.customer` in them. */
export function useStaffAndCustomer(db: () => Db) {
  const people = {} as { staff: Awaited<ReturnType<typeof createStaff>>; customer: Awaited<ReturnType<typeof createUser>> };
  beforeAll(async () => {
    people.staff = await createStaff(db());
    people.customer = await createUser(db());
  });
  return people;
}
