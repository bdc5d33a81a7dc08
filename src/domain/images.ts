// Stored images are WebP in four widths: `<name>-800.webp` and its `<name>-400.webp`,
// `<name>-240.webp` and `<name>-120.webp` siblings (the last two for logos and thumbnails a few
// dozen pixels wide).

export const IMAGE_WIDTHS = [120, 240, 400, 800] as const;
type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const THUMB_WIDTH = 240;

// The `sizes` of the pictures a page shows first, for the <img> and for the server's preload of
// it (modules/seo): a preload with other attributes would be fetched twice.
/** The product page's main photo (ProductGallery). */
export const PRODUCT_PHOTO_SIZES = '(min-width: 1024px) 600px, 100vw';
/** A card of the catalog's grid (CatalogPage). */
export const CATALOG_CARD_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw';

const LARGE_SUFFIX = /-800\.webp$/;

/** The `width` variant of a stored picture's URL (named after its 800 px file). */
const variant = (url: string, width: ImageWidth) => url.replace(LARGE_SUFFIX, `-${width}.webp`);

/** `srcset` of the given widths for an image URL of the shop's own store; undefined for anything else. */
function srcSet(url: string | null | undefined, widths: ImageWidth[]): string | undefined {
  if (!url || !LARGE_SUFFIX.test(url)) return undefined;
  return widths.map((width) => `${variant(url, width)} ${width}w`).join(', ');
}

/** `srcset` for a photo: the 400 and 800 px variants. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  return srcSet(url, [400, 800]);
}

export function smallImage(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return variant(url, 400);
}

/**
 * `srcset` for a logo or thumbnail (with `sizes` its CSS width): the 120 px variant where it is
 * enough, as on most phones for the catalog's 64 px brand logos, the 240 px one elsewhere.
 */
export function thumbSrcSet(url: string | null | undefined): string | undefined {
  return srcSet(url, [120, THUMB_WIDTH]);
}

/** The 240 px variant: enough for a logo or thumbnail up to 120 CSS pixels on a 2x screen. */
export function thumbImage(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return variant(url, THUMB_WIDTH);
}
