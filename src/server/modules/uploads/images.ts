// Image checks and re-encoding: the type is read from the content (magic bytes), never from the
// name or the declared type; the picture is decoded, turned upright by its EXIF orientation,
// stripped of metadata and re-encoded as WebP in the shop's widths.
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../domain/images';
import { readStoredFile, type Storage } from '../../storage';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Larger pictures (decompression bombs included) are refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF....WEBP
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export class ImageDecodeError extends Error {
  constructor(readonly reason: 'invalid' | 'too-many-pixels') {
    super(reason);
    this.name = 'ImageDecodeError';
  }
}

export interface ImageVariant {
  /** The width this variant is named after (`-120.webp`, `-240.webp`, `-400.webp`, `-800.webp`). */
  size: (typeof IMAGE_WIDTHS)[number];
  data: Buffer;
  width: number;
  height: number;
}

const WEBP_QUALITY = 80;
// Effort 2 encodes about twice as fast as the default 4 for files only a few percent larger.
const WEBP_EFFORT = 2;

/**
 * The WebP variants of a picture, each at most `size` pixels wide and high (never enlarged).
 * Trusted callers (the demo seed) may pass SVG; uploads are sniffed before reaching here.
 */
export async function toWebpVariants(input: Buffer): Promise<ImageVariant[]> {
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new ImageDecodeError('invalid');
    // Decode once, upright (EXIF orientation applied) and already down to the largest width;
    // the smaller widths come from that. The output carries no metadata.
    const largest = Math.max(...IMAGE_WIDTHS);
    const base = await source
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    return await Promise.all(
      IMAGE_WIDTHS.map(async (size) => {
        const { data, info } = await sharp(base.data, { raw })
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
          .toBuffer({ resolveWithObject: true });
        return { size, data, width: info.width, height: info.height };
      }),
    );
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    const message = error instanceof Error ? error.message : '';
    throw new ImageDecodeError(/pixel limit/i.test(message) ? 'too-many-pixels' : 'invalid');
  }
}

/**
 * Adds the widths a stored picture lacks (pictures stored before a width was added), made from its
 * 800 px file, in whichever store holds them. Answers how many files were written.
 */
export async function backfillImageWidths(storage: Storage): Promise<number> {
  const keys = new Set<string>();
  for await (const key of storage.list()) keys.add(key);
  let written = 0;
  for (const key of keys) {
    const large = /^(.+)-800\.webp$/.exec(key);
    if (!large) continue;
    const missing = IMAGE_WIDTHS.map((size) => `${large[1]}-${size}.webp`).filter((target) => !keys.has(target));
    if (!missing.length) continue;
    const source = await readStoredFile(storage, key);
    if (!source) continue;
    for (const size of IMAGE_WIDTHS) {
      const target = `${large[1]}-${size}.webp`;
      if (keys.has(target)) continue;
      let data: Buffer;
      try {
        data = await sharp(source)
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
          .toBuffer();
      } catch {
        // A file that does not decode stays as it is; the other pictures still get their widths.
        break;
      }
      // Each store writes whole files only (the disk writes then renames).
      await storage.put(target, data, 'image/webp');
      written++;
    }
  }
  return written;
}
