import { imageSrcSet } from '../../../domain/images';

/** A product's 56 px picture in the account's lists, the shop's logo when it has none or fails to load. */
export function ProductThumbnail({ image }: { image: string | null | undefined }) {
  return (
    <img
      src={image || '/logo.svg'}
      srcSet={imageSrcSet(image)}
      sizes="56px"
      alt=""
      width={56}
      height={56}
      loading="lazy"
      className="h-14 w-14 shrink-0 rounded-lg border border-stone-200 object-contain"
      onError={(e) => {
        e.currentTarget.srcset = '';
        e.currentTarget.src = '/logo.svg';
      }}
    />
  );
}
