// Stored images are WebP in two widths: `<name>-800.webp` and its `<name>-400.webp` sibling.

export const IMAGE_WIDTHS = [400, 800] as const;

const LARGE_SUFFIX = /-800\.webp$/;

/** `srcset` for an image URL of the shop's own store; undefined for anything else. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !LARGE_SUFFIX.test(url)) return undefined;
  return `${url.replace(LARGE_SUFFIX, '-400.webp')} 400w, ${url} 800w`;
}

export function smallImage(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.replace(LARGE_SUFFIX, '-400.webp');
}
