// A product photo in a fixed square box (no layout shift), srcset from the two stored widths,
// and the shop logo when the photo is missing or fails to load.
import { useState } from 'react';
import { imageSrcSet } from '../../domain/images';
import { FALLBACK_IMAGE } from './site';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** `sizes` attribute: how wide the image is shown. */
  sizes?: string;
  /** The first images on screen load eagerly (LCP). */
  priority?: boolean;
  className?: string;
}

export function ProductImage({
  src,
  alt,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  priority,
  className = '',
}: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  if (broken) {
    return (
      <div className={`flex aspect-square w-full items-center justify-center bg-brand-50 ${className}`}>
        <img src={FALLBACK_IMAGE} alt={alt} width={96} height={96} className="h-1/3 w-1/3 opacity-80" />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={800}
      height={800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
      className={`aspect-square w-full bg-stone-100 object-cover ${className}`}
    />
  );
}
