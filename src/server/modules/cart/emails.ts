// The reminder of a cart left waiting (issue 38): its lines at today's prices, a link back to the
// cart and the unsubscribe link, which works without signing in.
import type { ServerCartLine } from '../../../domain/server-cart';
import { formatArs } from '../../../domain/money';
import { presentationName } from '../../../domain/plural';
import type { AppContext } from '../../context';
import type { MailMessage } from '../mail';
import { escapeHtml, renderEmail } from '../../shared/mail-templates';

export interface CartReminder {
  to: string;
  first_name: string;
  username: string;
  lines: ServerCartLine[];
  unsubscribe_url: string;
}

function linesTable(lines: ServerCartLine[]): { html: string; text: string } {
  const cell = 'padding:8px 6px;border-bottom:1px solid #dcfce7;font-size:14px;color:#1f2937;';
  const rows = lines.map((line) => {
    const name = presentationName(line.name, line.seed_count);
    const price = line.available ? `${line.quantity} x ${formatArs(line.price)}` : 'Sin stock por ahora';
    return {
      html: `<tr><td style="${cell}">${escapeHtml(name)}<br><span style="font-size:12px;color:#6b7280;">${escapeHtml(line.brand)}</span></td><td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(price)}</td></tr>`,
      text: `- ${name}: ${price}`,
    };
  });
  return {
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse;">${rows.map((r) => r.html).join('')}</table>`,
    text: rows.map((r) => r.text).join('\n'),
  };
}

export function cartReminderEmail(ctx: AppContext, reminder: CartReminder): MailMessage {
  const table = linesTable(reminder.lines);
  const unsubscribe = `¿No quieres más recordatorios? Date de baja con un clic: ${reminder.unsubscribe_url}`;
  const rendered = renderEmail({
    title: 'Tu carrito te espera',
    preheader: 'Guardamos los productos que elegiste, a los precios de hoy.',
    paragraphs: [
      `Hola ${reminder.first_name.trim() || reminder.username},`,
      'Dejaste productos en tu carrito. Te los guardamos; estos son sus precios de hoy:',
    ],
    bodyHtml:
      table.html +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">¿No quieres más recordatorios? <a href="${escapeHtml(reminder.unsubscribe_url)}" style="color:#15803d;">Darme de baja</a>.</p>`,
    bodyText: `${table.text}\n\n${unsubscribe}`,
    action: { label: 'Ver mi carrito', url: `${ctx.config.publicUrl}/carrito` },
    footnote: 'Te escribimos porque aceptaste recibir recordatorios y novedades. Las unidades se reservan al hacer el pedido.',
  });
  return { to: reminder.to, subject: 'Tu carrito te espera', ...rendered };
}
