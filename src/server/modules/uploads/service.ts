// Upload rules: who may upload what, size limits per purpose, content checks, and storing the
// WebP variants. Nothing is stored unless every check passed and every variant was made.
import { createHash } from 'node:crypto';
import {
  INVALID_IMAGE_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_PERMISSION,
  UPLOAD_TOO_LARGE_MESSAGES,
  uploadPurposeSchema,
  type UploadPurpose,
  type UploadResultDto,
} from '../../../domain/uploads';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { can, type AuthUser } from '../../security/caller';
import { ImageDecodeError, sniffImage, toWebpVariants, type ImageVariant } from './images';
import type { Storage } from '../../storage';

export interface ReceivedFile {
  data: Buffer;
  /** True when the sender went past the largest allowed size and the rest was dropped. */
  truncated: boolean;
}

const fieldError = (status: number, message: string, field: string) => new AppError(status, message, undefined, { [field]: [message] });

/**
 * Writes every WebP width of a picture under `folder`; answers the URL of the 800 px one.
 * The name comes from the content, so a stored file never changes (it is cached for a year).
 * A failed write removes nothing already stored: the same picture uploaded by another request
 * has the same keys, and its answer may already point at them. Each write is atomic, so whatever
 * is left is a whole, correct file.
 */
export async function storeImage(storage: Storage, folder: string, input: Buffer, name?: string): Promise<UploadResultDto> {
  return storeVariants(storage, folder, await toWebpVariants(input), name ?? createHash('sha256').update(input).digest('hex').slice(0, 32));
}

/** Writes variants already made (the demo seed keeps them made); answers like storeImage. */
export async function storeVariants(storage: Storage, folder: string, variants: ImageVariant[], base: string): Promise<UploadResultDto> {
  for (const variant of variants) await storage.put(`${folder}/${base}-${variant.size}.webp`, variant.data, 'image/webp');
  const large = variants.find((v) => v.size === 800) ?? variants[variants.length - 1];
  const url = storage.urlOf(`${folder}/${base}-${large.size}.webp`);
  return { secure_url: url, url, width: large.width, height: large.height };
}

export async function uploadImage(
  storage: Storage,
  input: { caller: AuthUser | null; purpose: unknown; file: ReceivedFile | null },
): Promise<UploadResultDto> {
  const parsed = uploadPurposeSchema.safeParse(input.purpose ?? 'product');
  if (!parsed.success) throw fieldError(400, parsed.error.issues[0].message, 'purpose');
  const purpose: UploadPurpose = parsed.data;
  // Guests file warranty claims with photos; every other picture needs the permission of what it is for.
  const permission = UPLOAD_PERMISSION[purpose];
  if (permission && !can(input.caller, permission)) throw input.caller ? forbidden() : unauthorized();
  const file = input.file;
  if (!file || file.data.length === 0) throw badRequest('Debes adjuntar una imagen', { file: ['Debes adjuntar una imagen'] });
  if (file.truncated || file.data.length > UPLOAD_MAX_BYTES[purpose]) throw fieldError(413, UPLOAD_TOO_LARGE_MESSAGES[purpose], 'file');
  if (!sniffImage(file.data)) throw fieldError(400, INVALID_IMAGE_MESSAGE, 'file');
  try {
    return await storeImage(storage, purpose, file.data);
  } catch (error) {
    if (error instanceof ImageDecodeError) {
      throw error.reason === 'too-many-pixels'
        ? fieldError(413, 'La imagen tiene demasiados píxeles', 'file')
        : fieldError(400, INVALID_IMAGE_MESSAGE, 'file');
    }
    throw error;
  }
}
