// Stored images are WebP in three widths: `<name>-800.webp` and its `<name>-400.webp` and
// `<name>-240.webp` siblings (the last for logos and thumbnails a few dozen pixels wide).

export const IMAGE_WIDTHS = [240, 400, 800] as const;
export const THUMB_WIDTH = 240;

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

/** The 240 px variant: enough for a logo or thumbnail up to 120 CSS pixels on a 2x screen. */
export function thumbImage(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.replace(LARGE_SUFFIX, `-${THUMB_WIDTH}.webp`);
}
