import { useState, type ImgHTMLAttributes } from 'react';
import { FALLBACK_IMAGE } from '@shop/shared/domain/catalogue';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'> & {
  src?: string;
  alt: string;
  /** WebP copies of an uploaded photo ("url 320w, ..."), with `sizes` (issue 17). */
  srcSet?: string | null;
  /** AVIF copies in the same widths, offered first where the browser reads AVIF. */
  avifSrcSet?: string | null;
};

/**
 * A product picture that falls back to /default-product.jpg when it cannot be loaded. An uploaded
 * photo comes with its copies: the browser picks the width `sizes` asks for, and AVIF before WebP
 * when there are AVIF copies (decision 019).
 */
export function ProductImage({ src, alt, srcSet, avifSrcSet, sizes, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const img = (
    <img
      width={400}
      height={400}
      decoding="async"
      {...rest}
      src={failed || !src ? FALLBACK_IMAGE : src}
      srcSet={failed ? undefined : (srcSet ?? undefined)}
      sizes={!failed && srcSet ? sizes : undefined}
      alt={alt}
      onError={() => setFailed(true)}
    />
  );
  if (failed || !avifSrcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
