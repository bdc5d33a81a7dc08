// Stored images are WebP in four widths: `<name>-800.webp` and its `<name>-400.webp`,
// `<name>-240.webp` and `<name>-120.webp` siblings (the last two for logos and thumbnails a few
// dozen pixels wide).

export const IMAGE_WIDTHS = [120, 240, 400, 800] as const;
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

/**
 * `srcset` for a logo or thumbnail (with `sizes` its CSS width): the 120 px variant where it is
 * enough, as on most phones for the catalog's 64 px brand logos, the 240 px one elsewhere.
 */
export function thumbSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !LARGE_SUFFIX.test(url)) return undefined;
  return `${url.replace(LARGE_SUFFIX, '-120.webp')} 120w, ${url.replace(LARGE_SUFFIX, `-${THUMB_WIDTH}.webp`)} ${THUMB_WIDTH}w`;
}

/** The 240 px variant: enough for a logo or thumbnail up to 120 CSS pixels on a 2x screen. */
export function thumbImage(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return url.replace(LARGE_SUFFIX, `-${THUMB_WIDTH}.webp`);
}
