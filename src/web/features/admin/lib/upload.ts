// Image upload through the shop's own store (architecture: POST /api/uploads/, stored as WebP).
import type { UploadPurpose, UploadResultDto } from '../../../../domain/uploads';
import { api } from '../../../lib/api';

/** Uploads one image; resolves with the stored URL (the -800.webp one). */
export async function uploadImage(file: File | Blob, purpose: UploadPurpose): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file instanceof File ? file.name : 'imagen.png');
  const result = await api.post<UploadResultDto>('/api/uploads/', form, { timeout: 60_000, fallbackError: 'Error al subir la imagen' });
  return result.secure_url || result.url;
}

/** The first image among pasted clipboard items, if any. */
export function imageFromClipboard(data: DataTransfer | null): File | null {
  if (!data) return null;
  for (const item of Array.from(data.items)) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile();
  }
  return null;
}
