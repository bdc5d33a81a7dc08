// The two stock e-mails: to a customer when a blister they waited for is back, and the
// shop's daily list of blisters running out.
import type { AppContext } from '../../context';
import type { MailMessage } from '../mail';
import { escapeHtml, renderEmail } from '../../shared/mail-templates';

const seeds = (count: number) => `${count} ${count === 1 ? 'semilla' : 'semillas'}`;

export interface RestockedBlister {
  to: string;
  first_name: string;
  username: string;
  product_id: number;
  product_name: string;
  brand_name: string;
  seed_count: number;
}

export function restockEmail(ctx: AppContext, item: RestockedBlister): MailMessage {
  const name = `${item.product_name} (${seeds(item.seed_count)})`;
  const rendered = renderEmail({
    title: '¡Volvió el stock!',
    preheader: `${name} de ${item.brand_name} ya está disponible.`,
    paragraphs: [
      `Hola ${item.first_name.trim() || item.username},`,
      `Nos pediste que te avisáramos: ${name} de ${item.brand_name} vuelve a tener stock.`,
      'Las unidades se reservan al hacer el pedido, así que si lo quieres, no esperes demasiado.',
    ],
    action: { label: 'Ver el producto', url: `${ctx.config.publicUrl}/producto/${item.product_id}` },
    footnote: 'Este aviso ya se cerró. Si vuelve a agotarse y quieres otro, pídelo de nuevo en la página del producto.',
  });
  return { to: item.to, subject: `Volvió el stock de ${name}`, ...rendered };
}

export interface LowStockItem {
  blister_id: number;
  stock: number;
  seed_count: number;
  product_id: number;
  product_name: string;
  brand_name: string;
}

function itemsTable(ctx: AppContext, items: LowStockItem[]): { html: string; text: string } {
  const cell = 'padding:8px 6px;border-bottom:1px solid #dcfce7;font-size:14px;color:#1f2937;';
  const head = 'padding:8px 6px;border-bottom:2px solid #15803d;font-size:13px;color:#6b7280;';
  const rows = items.map((item) => {
    const url = `${ctx.config.publicUrl}/admin/productos/editar/${item.product_id}`;
    const state = item.stock <= 0 ? 'Sin stock' : `${item.stock} ${item.stock === 1 ? 'unidad' : 'unidades'}`;
    return {
      html:
        `<tr><td style="${cell}"><a href="${escapeHtml(url)}" style="color:#15803d;">${escapeHtml(item.product_name)}</a>` +
        `<br><span style="font-size:12px;color:#6b7280;">${escapeHtml(item.brand_name)}</span></td>` +
        `<td style="${cell}text-align:center;white-space:nowrap;">${escapeHtml(seeds(item.seed_count))}</td>` +
        `<td style="${cell}text-align:right;white-space:nowrap;${item.stock <= 0 ? 'color:#b91c1c;font-weight:bold;' : ''}">${escapeHtml(state)}</td></tr>`,
      text: `- ${item.product_name} (${item.brand_name}), ${seeds(item.seed_count)}: ${state}. ${url}`,
    };
  });
  const html =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">` +
    `<tr><th align="left" style="${head}">Producto</th><th style="${head}">Presentación</th><th align="right" style="${head}">Stock</th></tr>` +
    rows.map((r) => r.html).join('') +
    `</table>`;
  return { html, text: rows.map((r) => r.text).join('\n') };
}

export function lowStockAlertEmail(ctx: AppContext, items: LowStockItem[], threshold: number, to: string): MailMessage {
  const soldOut = items.filter((item) => item.stock <= 0).length;
  const count = items.length === 1 ? '1 presentación' : `${items.length} presentaciones`;
  const table = itemsTable(ctx, items);
  const rendered = renderEmail({
    title: 'Alerta de stock',
    preheader: `${count} para reponer${soldOut ? `, ${soldOut} sin stock` : ''}.`,
    paragraphs: [
      `Desde la última alerta, ${count} ${items.length === 1 ? 'quedó' : 'quedaron'} por debajo de ${threshold} unidades o se ${items.length === 1 ? 'agotó' : 'agotaron'}.`,
    ],
    bodyHtml: table.html,
    bodyText: table.text,
    action: { label: 'Ver los productos', url: `${ctx.config.publicUrl}/admin/productos` },
    footnote: 'Puedes cambiar la hora de esta alerta o desactivarla en Configuración.',
  });
  return { to, subject: `Alerta de stock: ${count} para reponer`, ...rendered };
}
