import { useState, type ImgHTMLAttributes } from 'react';
import { FALLBACK_IMAGE } from '@shop/shared/domain/catalogue';

/** A product picture that falls back to /default-product.jpg when it cannot be loaded. */
export function ProductImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src?: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      width={400}
      height={400}
      decoding="async"
      {...rest}
      src={failed || !src ? FALLBACK_IMAGE : src}
      alt={alt}
      onError={() => setFailed(true)}
    />
  );
}
