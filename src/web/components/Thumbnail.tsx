// A small picture (a product's or a brand's logo, 40 to 96 CSS pixels) at a fixed size: the 120 or
// 240 px variant, whichever the screen needs, and the shop's logo when there is none or it fails
// to load.
import { thumbImage, thumbSrcSet } from '../../domain/images';
import { FALLBACK_IMAGE } from './site';

export function Thumbnail({
  src,
  size,
  alt = '',
  className = '',
}: {
  src: string | null | undefined;
  size: number;
  alt?: string;
  className?: string;
}) {
  return (
    <img
      src={thumbImage(src) ?? FALLBACK_IMAGE}
      srcSet={thumbSrcSet(src)}
      sizes={`${size}px`}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.src.endsWith(FALLBACK_IMAGE)) return;
        // Without this the browser keeps choosing from the srcset, whose files are as missing.
        img.removeAttribute('srcset');
        img.src = FALLBACK_IMAGE;
      }}
    />
  );
}
