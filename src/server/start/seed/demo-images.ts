// The demo pictures' WebP files, rendered once per installation: rendering the SVG artwork is most
// of a first start, so the files are kept in .cache/demo-images under the package, named by a hash
// of what produced them, and a fresh DATA_DIR copies them instead of rendering again.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../domain/images';
import { toWebpVariants, type ImageVariant } from '../../modules/uploads/images';
import { packageRoot } from '../../paths';

export const defaultDemoCacheDir = () => path.join(packageRoot(), '.cache', 'demo-images');

interface CachedVariant {
  size: ImageVariant['size'];
  width: number;
  height: number;
}

/** Another encoder or other widths give other files: both are part of the key. */
const keyOf = (svg: string) =>
  createHash('sha256')
    .update(`${sharp.versions.vips}|${IMAGE_WIDTHS.join(',')}|${svg}`)
    .digest('hex')
    .slice(0, 40);

async function readCached(dir: string, key: string): Promise<ImageVariant[] | null> {
  try {
    const list = JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as CachedVariant[];
    return await Promise.all(list.map(async (v) => ({ ...v, data: await readFile(path.join(dir, `${key}-${v.size}.webp`)) })));
  } catch {
    return null;
  }
}

/** Written file by file, the list last: a list on disk means its files are complete. */
async function writeCached(dir: string, key: string, variants: ImageVariant[]): Promise<void> {
  const put = async (name: string, data: Buffer | string) => {
    const temporary = path.join(dir, `.${randomUUID()}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path.join(dir, name));
  };
  await mkdir(dir, { recursive: true });
  for (const v of variants) await put(`${key}-${v.size}.webp`, v.data);
  await put(`${key}.json`, JSON.stringify(variants.map(({ size, width, height }) => ({ size, width, height }))));
}

/** The variants of a demo SVG: from the cache, else rendered and kept (a read-only cache is skipped). */
export async function demoVariants(svg: string, cacheDir: string): Promise<ImageVariant[]> {
  const key = keyOf(svg);
  const cached = await readCached(cacheDir, key);
  if (cached) return cached;
  const variants = await toWebpVariants(Buffer.from(svg));
  await writeCached(cacheDir, key, variants).catch(() => {});
  return variants;
}
