// Image uploads (architecture: POST /api/uploads/): what each purpose accepts, who may upload
// it, and what the upload answers.
import { z } from 'zod';
import type { Permission } from './staff-roles';

/** A product's pictures, a brand's logo, the settings' 'Data fiscal' picture, a warranty claim's photos. */
export const UPLOAD_PURPOSES = ['product', 'brand', 'settings', 'warranty'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The staff permission each purpose needs: that of what the picture is for. Anyone, a guest
 * included, uploads the photos of a warranty claim. */
export const UPLOAD_PERMISSION: Record<UploadPurpose, Permission | null> = {
  product: 'can_manage_products',
  brand: 'can_manage_products',
  settings: 'can_manage_settings',
  warranty: null,
};

const MB = 1024 * 1024;

// spec accounts-admin §5: bank logo at most 2 MB, warranty photos at most 5 MB (5242880 bytes);
// issue 4: product images 5 MB.
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  product: 5 * MB,
  brand: 2 * MB,
  settings: 2 * MB,
  warranty: 5 * MB,
};

export const UPLOAD_TOO_LARGE_MESSAGES: Record<UploadPurpose, string> = {
  product: 'La imagen no debe superar los 5MB',
  brand: 'La imagen no debe superar los 2MB',
  settings: 'La imagen no debe superar los 2MB',
  warranty: 'La imagen no debe superar los 5MB',
};

/** spec accounts-admin §5 warranty: 'Por favor selecciona una imagen válida'. */
export const INVALID_IMAGE_MESSAGE = 'Por favor selecciona una imagen válida';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES, { error: 'Tipo de imagen inválido: usa product, brand, settings o warranty' });

/** The multipart form of `POST /api/uploads/`, for the API description: the handler reads the parts
 * itself, as they arrive. */
export const uploadFormSchema = z.object({
  file: z.file().describe('La imagen: JPEG, PNG o WebP, hasta 5 MB (2 MB para el logo de un banco y la de Data fiscal).'),
  purpose: uploadPurposeSchema,
});

export const uploadResultDtoSchema = z.object({
  /** URL of the stored 800 px WebP; its 400 px sibling ends in `-400.webp`. */
  secure_url: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResultDto = z.infer<typeof uploadResultDtoSchema>;
