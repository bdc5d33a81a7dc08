// The account e-mails: verification code, password reset code, e-mail change code and the notice
// to the old address after an e-mail change.
import type { MailMessage } from '../mail';
import { SHOP_NAME } from '../../../domain/shop';
import type { ShopContact } from '../site';
import { renderEmail } from '../../shared/mail-templates';
import { CODE_TTL_MINUTES } from './codes';

interface Recipient {
  to: string;
  firstName: string;
}

const greeting = (firstName: string) => (firstName.trim() ? `Hola ${firstName.trim()},` : 'Hola,');
const validity = `El código vence en ${CODE_TTL_MINUTES} minutos y solo puede usarse una vez.`;

export function verificationEmail(recipient: Recipient, code: string, publicUrl: string): MailMessage {
  const { html, text } = renderEmail({
    title: 'Verifica tu email',
    preheader: `Tu código de verificación es ${code}`,
    paragraphs: [
      greeting(recipient.firstName),
      `Gracias por crear tu cuenta en ${SHOP_NAME}. Para activarla, ingresa este código de verificación:`,
    ],
    code,
    bodyText: validity,
    bodyHtml: `<p style="margin:0 0 16px;font-size:14px;color:#6b7280;">${validity}</p>`,
    action: { label: 'Ir a iniciar sesión', url: `${publicUrl}/login` },
    footnote: 'Si no creaste una cuenta, puedes ignorar este mensaje.',
  });
  return { to: recipient.to, subject: `Tu código de verificación - ${SHOP_NAME}`, html, text };
}

export function passwordResetEmail(recipient: Recipient, code: string, publicUrl: string): MailMessage {
  const { html, text } = renderEmail({
    title: 'Restablece tu contraseña',
    preheader: `Tu código para restablecer la contraseña es ${code}`,
    paragraphs: [
      greeting(recipient.firstName),
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Ingresa este código junto con tu nueva contraseña:',
    ],
    code,
    bodyText: validity,
    bodyHtml: `<p style="margin:0 0 16px;font-size:14px;color:#6b7280;">${validity}</p>`,
    action: { label: 'Restablecer contraseña', url: `${publicUrl}/recuperar-contrasena` },
    footnote: 'Si no pediste restablecer tu contraseña, ignora este mensaje: tu contraseña no cambiará.',
  });
  return { to: recipient.to, subject: `Código para restablecer tu contraseña - ${SHOP_NAME}`, html, text };
}

export function emailChangeEmail(recipient: Recipient, code: string): MailMessage {
  const { html, text } = renderEmail({
    title: 'Confirma tu nuevo email',
    preheader: `Tu código para confirmar el nuevo email es ${code}`,
    paragraphs: [
      greeting(recipient.firstName),
      `Pediste usar esta dirección (${recipient.to}) en tu cuenta de ${SHOP_NAME}. Para confirmarla, ingresa este código en Mi Cuenta:`,
    ],
    code,
    bodyText: validity,
    bodyHtml: `<p style="margin:0 0 16px;font-size:14px;color:#6b7280;">${validity}</p>`,
    footnote: 'Si no pediste este cambio, ignora este mensaje.',
  });
  return { to: recipient.to, subject: `Confirma tu nuevo email - ${SHOP_NAME}`, html, text };
}

/** `contact`: the shop's configured channel (site/shop-contact.ts), named only when there is one. */
export function emailChangedNotice(recipient: Recipient, newEmail: string, contact: ShopContact | null): MailMessage {
  const { html, text } = renderEmail({
    title: 'Tu email fue actualizado',
    preheader: 'El email de tu cuenta cambió',
    paragraphs: [
      greeting(recipient.firstName),
      `El email de tu cuenta en ${SHOP_NAME} ahora es ${newEmail}. A partir de ahora te escribiremos a esa dirección.`,
      contact
        ? `Si no hiciste este cambio, escríbenos ${contact.where} cuanto antes para recuperar tu cuenta.`
        : 'Si no hiciste este cambio, contacta con la tienda cuanto antes para recuperar tu cuenta.',
    ],
    action: contact?.action,
  });
  return { to: recipient.to, subject: `Tu email fue actualizado - ${SHOP_NAME}`, html, text };
}
