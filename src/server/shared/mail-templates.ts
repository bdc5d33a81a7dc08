// The shop's e-mail layout: one function that turns content into a Spanish HTML message (inline
// CSS, table layout so every mail client renders it, readable on a phone) and its text version.
import { SHOP_NAME } from '../../domain/shop';

const COLORS = {
  header: '#14532d',
  accent: '#15803d',
  background: '#f0fdf4',
  text: '#1f2937',
  muted: '#6b7280',
  border: '#dcfce7',
};

export interface EmailAction {
  label: string;
  url: string;
}

export interface EmailContent {
  /** Heading of the message (also the HTML <title>). */
  title: string;
  /** The preview line mail clients show next to the subject. */
  preheader?: string;
  /** Plain-text paragraphs: escaped for the HTML and used as they are in the text version. */
  paragraphs?: string[];
  /** A highlighted one-time code (verification, password reset). */
  code?: string;
  /** Extra HTML after the paragraphs (tables, lists); escape values with escapeHtml(). */
  bodyHtml?: string;
  /** The text version of bodyHtml. */
  bodyText?: string;
  /** A button (and the bare URL in the text version). */
  action?: EmailAction;
  /** Small print under the body, e.g. "Si no pediste este código, ignora este mensaje". */
  footnote?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Only http(s) and mailto links make it into a button; anything else is dropped. */
function safeUrl(url: string): string | null {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

function paragraphHtml(text: string): string {
  const withBreaks = escapeHtml(text).replace(/\n/g, '<br>');
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLORS.text};">${withBreaks}</p>`;
}

function codeHtml(code: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px auto 24px;">` +
    `<tr><td style="background:${COLORS.background};border:2px dashed ${COLORS.accent};border-radius:8px;padding:14px 28px;` +
    `font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:${COLORS.header};text-align:center;">` +
    `${escapeHtml(code)}</td></tr></table>`
  );
}

function actionHtml(action: EmailAction, url: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px auto 24px;">` +
    `<tr><td style="border-radius:8px;background:${COLORS.accent};">` +
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;` +
    `color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(action.label)}</a>` +
    `</td></tr></table>`
  );
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const paragraphs = content.paragraphs ?? [];
  const url = content.action ? safeUrl(content.action.url) : null;
  const year = new Date().getUTCFullYear();

  const body = [
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${COLORS.header};">${escapeHtml(content.title)}</h1>`,
    ...paragraphs.map(paragraphHtml),
    content.code ? codeHtml(content.code) : '',
    content.bodyHtml ?? '',
    content.action && url ? actionHtml(content.action, url) : '',
    content.footnote
      ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${COLORS.muted};">${escapeHtml(content.footnote)}</p>`
      : '',
  ].join('\n');

  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(content.preheader)}</div>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.background};font-family:Arial,Helvetica,sans-serif;-webkit-text-size-adjust:100%;">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid ${COLORS.border};">
<tr><td style="background:${COLORS.header};padding:20px 24px;text-align:center;">
<span style="font-size:22px;font-weight:bold;color:#ffffff;letter-spacing:0.5px;">${SHOP_NAME}</span>
</td></tr>
<tr><td style="padding:28px 24px;">
${body}
</td></tr>
<tr><td style="padding:16px 24px;background:${COLORS.background};border-top:1px solid ${COLORS.border};text-align:center;font-size:12px;line-height:1.5;color:${COLORS.muted};">
Este mensaje fue enviado automáticamente por ${SHOP_NAME}. Por favor, no respondas a este correo.<br>
© ${year} ${SHOP_NAME}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const textParts = [
    SHOP_NAME,
    '',
    content.title,
    '='.repeat(Math.min(content.title.length, 60)),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`    ${content.code}`, ''] : []),
    ...(content.bodyText ? [content.bodyText.trim(), ''] : []),
    ...(content.action && url ? [`${content.action.label}: ${url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    `Este mensaje fue enviado automáticamente por ${SHOP_NAME}. Por favor, no respondas a este correo.`,
  ];
  return { html, text: `${textParts.join('\n')}\n` };
}
