// Payloads of the contact settings, the legal pages and the revocation requests ('Botón de
// arrepentimiento', Res. SCI 424/2020), with their Spanish messages. The zod-free half is legal.ts.
import { z } from 'zod';
import { emailSchema } from './auth';
import { isValidCuit } from './fulfilment';
import { pageQuery } from './page';
import { instagramHandle, isInstagramHandle, LEGAL_SLUGS } from './legal';
import { shopWhatsappField } from './phone';
import { singleLine } from './single-line';

// ---------------------------------------------------------------------------------------------
// Contact settings (GET public / PUT staff /api/core/contact-settings/)

export const BUSINESS_NAME_MAX = 120;

/**
 * PUT: every field optional, and a field left out keeps what is stored (the WhatsApp is the
 * payment settings' one: a form that does not show it must not clear it); '' clears a field.
 */
export const contactSettingsSchema = z.object({
  whatsapp_number: shopWhatsappField(),
  email: z
    .string({ error: 'El email debe ser texto' })
    .trim()
    .max(254, 'El email es demasiado largo')
    .pipe(
      z.union([z.literal(''), z.email('Ingrese un email válido').transform((v) => v.toLowerCase())], { error: 'Ingrese un email válido' }),
    )
    .optional(),
  instagram: z
    .string({ error: 'El Instagram debe ser texto' })
    .max(200, 'El Instagram es demasiado largo')
    .transform(instagramHandle)
    .refine((v) => v === '' || isInstagramHandle(v), 'Ingresa un usuario de Instagram válido (por ejemplo @semillasdelsur)')
    .optional(),
  business_name: z
    .string({ error: 'La razón social debe ser texto' })
    .trim()
    .max(BUSINESS_NAME_MAX, `La razón social no puede superar ${BUSINESS_NAME_MAX} caracteres`)
    .optional(),
  cuit: z
    .string({ error: 'El CUIT debe ser texto' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{11}$/.test(v), 'El CUIT debe tener 11 dígitos')
    .refine((v) => v === '' || !/^\d{11}$/.test(v) || isValidCuit(v), 'El CUIT no es válido: revisa los dígitos')
    .optional(),
  fiscal_image: z
    .string({ error: 'La imagen de Data fiscal debe ser texto' })
    .trim()
    .max(500, 'La dirección de la imagen es demasiado larga')
    .optional(),
});
export type ContactSettingsInput = z.input<typeof contactSettingsSchema>;
export type ContactSettingsUpdate = z.output<typeof contactSettingsSchema>;

export const contactSettingsDtoSchema = z.object({
  whatsapp_number: z.string().optional(),
  email: z.string().optional(),
  instagram: z.string().optional(),
  business_name: z.string().optional(),
  cuit: z.string().optional(),
  fiscal_image: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Legal pages (GET public / PUT staff /api/pages/{slug}/)

export const LEGAL_TITLE_MAX = 120;
export const LEGAL_BODY_MAX = 50_000;

export const legalSlugParamSchema = z.object({
  slug: z.enum(LEGAL_SLUGS, { error: 'Página no encontrada: usa terminos, privacidad o cambios-y-devoluciones' }),
});

export const legalPageSchema = z.object({
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(1, 'El título es requerido')
    .max(LEGAL_TITLE_MAX, `El título no puede superar ${LEGAL_TITLE_MAX} caracteres`),
  body: z
    .string({ error: 'El texto es requerido' })
    .trim()
    .min(1, 'El texto es requerido')
    .max(LEGAL_BODY_MAX, `El texto no puede superar ${LEGAL_BODY_MAX.toLocaleString('es-AR')} caracteres`),
});
export type LegalPageInput = z.input<typeof legalPageSchema>;

export const legalPageDtoSchema = z.object({
  slug: z.enum(LEGAL_SLUGS),
  title: z.string(),
  body: z.string(),
  updated_at: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Revocation requests (POST public, GET staff /api/revocations/)

export const REVOCATION_REASON_MAX = 1000;

export const revocationSchema = z.object({
  name: z
    .string({ error: 'El nombre es requerido' })
    .trim()
    .min(1, { error: 'El nombre es requerido', abort: true })
    .min(2, 'El nombre debe tener al menos 2 caracteres')
    .max(120, 'El nombre no puede superar 120 caracteres')
    .check(singleLine('El nombre')),
  email: emailSchema,
  order_number: z
    .union([z.string(), z.number()], { error: 'El número de pedido es requerido' })
    .transform((v) => String(v).trim().replace(/^#\s*/, ''))
    .pipe(
      z
        .string()
        .min(1, { error: 'El número de pedido es requerido', abort: true })
        .max(20, 'El número de pedido no puede superar 20 caracteres')
        .regex(/^[A-Za-z0-9-]+$/, 'Ingresa el número de pedido tal como figura en el email de confirmación (por ejemplo 1234)'),
    ),
  reason: z
    .string({ error: 'El motivo debe ser texto' })
    .trim()
    .max(REVOCATION_REASON_MAX, `El motivo no puede superar ${REVOCATION_REASON_MAX} caracteres`)
    .optional()
    .default(''),
});
export type RevocationInput = z.input<typeof revocationSchema>;
export type RevocationRequest = z.output<typeof revocationSchema>;

export const revocationCreatedDtoSchema = z.object({ code: z.string() });

export const revocationDtoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  order_number: z.string(),
  reason: z.string(),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
});

export const revocationListQuerySchema = z.object({
  ...pageQuery,
  search: z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
  /** Only the requests linked to this order (the admin's order page). */
  order_id: z.coerce
    .number({ error: 'El pedido debe ser un número' })
    .int('El pedido debe ser un número entero')
    .positive('El pedido debe ser un número positivo')
    .max(2_147_483_647, 'Pedido fuera de rango')
    .optional(),
});
