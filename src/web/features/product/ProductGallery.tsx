// The product photo with a x2 zoom that follows the mouse (not a finger), and thumbnails when there are several.
import { useState, type PointerEvent } from 'react';
import { ProductImage } from '../../components/ProductImage';
import { PRODUCT_PHOTO_SIZES, thumbImage, thumbSrcSet } from '../../../domain/images';

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const current = images[index] ?? null;

  const follow = (e: PointerEvent<HTMLDivElement>) => {
    // A finger has no hover to end the zoom: a tap would leave the photo stuck at double size.
    if (e.pointerType !== 'mouse') return;
    const box = e.currentTarget.getBoundingClientRect();
    setZoom({ x: ((e.clientX - box.left) / box.width) * 100, y: ((e.clientY - box.top) / box.height) * 100 });
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        className="relative overflow-hidden rounded-3xl border border-stone-200 bg-white [@media(hover:hover)]:cursor-zoom-in"
        onPointerMove={current ? follow : undefined}
        onPointerLeave={() => setZoom(null)}
      >
        <div
          className="transition-transform duration-150 ease-out"
          style={zoom ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          data-zoomed={zoom ? 'true' : undefined}
        >
          <ProductImage src={current} alt={name} priority sizes={PRODUCT_PHOTO_SIZES} />
        </div>
      </div>
      {images.length > 1 && (
        <ul className="flex gap-3" aria-label="Imágenes del producto">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Ver imagen ${i + 1} de ${images.length}`}
                aria-pressed={i === index}
                className={`block h-20 w-20 overflow-hidden rounded-xl border-2 bg-white transition ${i === index ? 'border-brand-700' : 'border-stone-200 hover:border-brand-300'}`}
              >
                <img
                  src={thumbImage(src)}
                  srcSet={thumbSrcSet(src)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
