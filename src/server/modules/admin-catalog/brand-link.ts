// Which brand a product form names: an existing brand by numeric id, or by name (linked to the
// brand of that name or slug, created when none exists). spec accounts-admin §2 brand picker.
import { eq, or, sql } from 'drizzle-orm';
import { BRAND_NAME_REQUIRED, normalizeBrandName } from '../../../domain/admin-catalog';
import { slugify } from '../../../domain/text';
import type { Tx } from '../../db/client';
import { brands } from '../../db/schema';
import { badRequest } from '../../errors';
import { logActivity, type Actor } from '../../shared/activity-log';

export type BrandRow = typeof brands.$inferSelect;

export async function findBrandByNameOrSlug(tx: Tx, name: string, slug: string): Promise<BrandRow | undefined> {
  const [row] = await tx
    .select()
    .from(brands)
    .where(or(sql`lower(${brands.brand_name}) = lower(${name})`, eq(brands.brand_id, slug)))
    .orderBy(sql`lower(${brands.brand_name}) = lower(${name}) desc`)
    .limit(1);
  return row;
}

export async function linkBrand(
  tx: Tx,
  actor: Actor,
  ref: { brand_id?: number | null; brand?: string | null },
  now: Date,
): Promise<BrandRow> {
  if (ref.brand_id != null) {
    const [row] = await tx.select().from(brands).where(eq(brands.id, ref.brand_id));
    if (!row) throw badRequest('La marca seleccionada no existe', { brand_id: ['La marca seleccionada no existe'] });
    return row;
  }
  const name = normalizeBrandName(ref.brand ?? '');
  if (!name) throw badRequest(BRAND_NAME_REQUIRED, { brand: [BRAND_NAME_REQUIRED] });
  const slug = slugify(name);
  if (!slug) throw badRequest('El nombre de la marca no es válido', { brand: ['El nombre de la marca no es válido'] });

  const existing = await findBrandByNameOrSlug(tx, name, slug);
  if (existing) return existing;
  // A concurrent save may create the same brand: the unique indexes decide, and we link to it.
  const [created] = await tx
    .insert(brands)
    .values({ brand_name: name, brand_id: slug, created_at: now, updated_at: now })
    .onConflictDoNothing()
    .returning();
  if (!created) return (await findBrandByNameOrSlug(tx, name, slug))!;
  await logActivity(tx, {
    action: 'create',
    description: `Marca "${name}" creada desde el formulario de producto`,
    actor,
    entity_type: 'brand',
    entity_id: created.id,
    changes: { before: {}, after: { brand_name: name, brand_id: slug } },
  });
  return created;
}
