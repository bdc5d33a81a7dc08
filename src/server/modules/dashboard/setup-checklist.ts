// 'Primeros pasos' on 'Inicio' (issue 24, GET /api/dashboard/setup/): what the shop still needs
// before its first order. The shop's settings (cleared in every process when one is saved) and
// one uncached statement over the rest, so a step saved in any process shows as done at once.
import { sql } from 'drizzle-orm';
import { SETUP_STEPS, type SetupChecklist, type SetupItem, type SetupStep } from '../../../domain/dashboard';
import { LEGAL_SLUGS } from '../../../domain/legal';
import type { AppContext } from '../../context';
import { sqlRows } from '../../db/client';
import { readShopSettings, shopWhatsapp } from '../site';

const STEPS: Record<SetupStep, { label: string; href: string }> = {
  payment: { label: 'Carga los datos de pago', href: '/admin/configuracion#datos-de-pago' },
  contact: { label: 'Agrega un canal de contacto', href: '/admin/configuracion#contacto' },
  shipping: { label: 'Configura los envíos', href: '/admin/configuracion/envios' },
  legal_pages: { label: 'Revisa las páginas legales', href: '/admin/configuracion#paginas-legales' },
  second_staff: { label: 'Suma una segunda cuenta de staff', href: '/admin/usuarios' },
};

interface SetupRow {
  shipping: boolean;
  legal_pages: number;
  staff: number;
}

const filled = (...values: string[]) => values.some((value) => value.trim() !== '');

export async function getSetupChecklist(ctx: AppContext): Promise<SetupChecklist> {
  const slugs = sql.join(
    LEGAL_SLUGS.map((slug) => sql`${slug}`),
    sql`, `,
  );
  const [settings, [row]] = await Promise.all([
    readShopSettings(ctx),
    sqlRows<SetupRow>(
      ctx.db,
      sql`select
          exists (select 1 from shipping_methods m where m.active) as shipping,
          (select count(*) from legal_pages p where p.slug in (${slugs}))::int as legal_pages,
          (select count(*) from users u where u.is_active and (u.is_staff or u.is_superuser))::int as staff`,
    ),
  ]);
  // WHATSAPP_NUMBER and SHOP_EMAIL count: the storefront's contact answers them while nothing is stored.
  const contact =
    filled(settings.contact_email, settings.instagram) || Boolean(ctx.config.contactEmail) || shopWhatsapp(settings, ctx.config) !== null;
  const done: Record<SetupStep, boolean> = {
    payment: filled(settings.cbu, settings.alias, settings.other_instructions),
    contact,
    shipping: row.shipping,
    legal_pages: row.legal_pages === LEGAL_SLUGS.length,
    second_staff: row.staff > 1,
  };
  const items = SETUP_STEPS.map((key): SetupItem => ({ key, ...STEPS[key], done: done[key] }));
  return { items, done: items.every((item) => item.done) };
}
