// 'Primeros pasos' on 'Inicio' (issue 24, GET /api/dashboard/setup/): what the shop still needs
// before its first order. One statement over the settings, read afresh on every call (no cache),
// so a step saved in any process shows as done at once.
import { sql } from 'drizzle-orm';
import { SETUP_STEPS, type SetupChecklist, type SetupItem, type SetupStep } from '../../../domain/dashboard';
import { LEGAL_SLUGS } from '../../../domain/legal';
import type { AppContext } from '../../context';
import { sqlRows } from '../../db/client';
import { shopWhatsapp } from '../site/payment-settings';

const STEPS: Record<SetupStep, { label: string; href: string }> = {
  payment: { label: 'Carga los datos de pago', href: '/admin/configuracion#datos-de-pago' },
  contact: { label: 'Agrega un canal de contacto', href: '/admin/configuracion#contacto' },
  shipping: { label: 'Configura los envíos', href: '/admin/configuracion/envios' },
  legal_pages: { label: 'Revisa las páginas legales', href: '/admin/configuracion#paginas-legales' },
  second_staff: { label: 'Suma una segunda cuenta de staff', href: '/admin/usuarios' },
};

interface SetupRow {
  payment: boolean;
  whatsapp_number: string;
  email_or_instagram: boolean;
  shipping: boolean;
  legal_pages: number;
  staff: number;
}

export async function getSetupChecklist(ctx: AppContext): Promise<SetupChecklist> {
  const slugs = sql.join(
    LEGAL_SLUGS.map((slug) => sql`${slug}`),
    sql`, `,
  );
  const [row] = await sqlRows<SetupRow>(
    ctx.db,
    sql`select
        coalesce(btrim(s.cbu) <> '' or btrim(s.alias) <> '' or btrim(s.other_instructions) <> '', false) as payment,
        coalesce(s.whatsapp_number, '') as whatsapp_number,
        coalesce(btrim(s.contact_email) <> '' or btrim(s.instagram) <> '', false) as email_or_instagram,
        exists (select 1 from shipping_methods m where m.active) as shipping,
        (select count(*) from legal_pages p where p.slug in (${slugs}))::int as legal_pages,
        (select count(*) from users u where u.is_active and (u.is_staff or u.is_superuser))::int as staff
      from (select 1) one left join site_settings s on s.id = 1`,
  );
  // WHATSAPP_NUMBER and SHOP_EMAIL count: the storefront's contact answers them while nothing is stored.
  const contact = row.email_or_instagram || Boolean(ctx.config.contactEmail) || shopWhatsapp(row, ctx.config) !== null;
  const done: Record<SetupStep, boolean> = {
    payment: row.payment,
    contact,
    shipping: row.shipping,
    legal_pages: row.legal_pages === LEGAL_SLUGS.length,
    second_staff: row.staff > 1,
  };
  const items = SETUP_STEPS.map((key): SetupItem => ({ key, ...STEPS[key], done: done[key] }));
  return { items, done: items.every((item) => item.done) };
}
