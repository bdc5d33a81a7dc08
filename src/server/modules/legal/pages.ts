// The legal pages (GET public / PUT staff /api/pages/{slug}/): the owner's text when edited, the
// default text of page-defaults.ts until then.
import { eq } from 'drizzle-orm';
import type { LegalPageDto, LegalSlug } from '../../../domain/legal';
import type { AppContext } from '../../context';
import { legalPages } from '../../db/schema';
import { diff, logActivity, type Actor } from '../../shared/activity-log';
import { DEFAULT_LEGAL_PAGES } from './page-defaults';

export async function getLegalPage(ctx: AppContext, slug: LegalSlug): Promise<LegalPageDto> {
  const [row] = await ctx.db
    .select({ title: legalPages.title, body: legalPages.body, updated_at: legalPages.updated_at })
    .from(legalPages)
    .where(eq(legalPages.slug, slug));
  if (!row) return { slug, ...DEFAULT_LEGAL_PAGES[slug], updated_at: null };
  return { slug, title: row.title, body: row.body, updated_at: row.updated_at.toISOString() };
}

export async function updateLegalPage(
  ctx: AppContext,
  actor: Actor,
  slug: LegalSlug,
  input: { title: string; body: string },
): Promise<LegalPageDto> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ title: legalPages.title, body: legalPages.body })
      .from(legalPages)
      .where(eq(legalPages.slug, slug))
      .for('update');
    await tx
      .insert(legalPages)
      .values({ slug, ...input, updated_by: actor.id, updated_at: now })
      .onConflictDoUpdate({ target: legalPages.slug, set: { ...input, updated_by: actor.id, updated_at: now } });
    await logActivity(tx, {
      action: 'update',
      description: `Página legal actualizada: ${input.title}`,
      actor,
      entity_type: 'legal_page',
      entity_id: slug,
      // The bodies can be long: the log keeps whether they changed, and the titles.
      changes: diff(
        { title: (before ?? DEFAULT_LEGAL_PAGES[slug]).title, body_length: (before ?? DEFAULT_LEGAL_PAGES[slug]).body.length },
        { title: input.title, body_length: input.body.length },
      ),
    });
  });
  // The storefront renders these pages on the server and keeps them: stale now, in every process.
  ctx.caches.settingsChanged();
  return getLegalPage(ctx, slug);
}
