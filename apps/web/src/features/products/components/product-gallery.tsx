import { useState } from 'react';
import type { GalleryImage } from '@shop/shared/schemas/product';
import { ProductImage } from './product-image';

/** The main picture takes the gallery's column: the whole width on phones, about half beside the details. */
const MAIN_SIZES = '(min-width: 900px) 50vw, 100vw';

/** The main picture and, when there are several, thumbnails that choose it (uploaded photos with their copies). */
export function ProductGallery({ gallery, name }: { gallery: GalleryImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const list: GalleryImage[] = gallery.length > 0 ? gallery : [{ src: '', srcset: null, avifSrcset: null, width: null, height: null }];
  const current = list[Math.min(index, list.length - 1)]!;
  return (
    <div className="gallery">
      <div className="gallery-main">
        <ProductImage
          key={current.src}
          src={current.src}
          srcSet={current.srcset}
          avifSrcSet={current.avifSrcset}
          sizes={MAIN_SIZES}
          alt={index === 0 ? name : `${name}, fotoja ${index + 1}`}
          fetchPriority="high"
        />
      </div>
      {list.length > 1 && (
        <ul className="thumbs" aria-label="Fotot e produktit">
          {list.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={`Fotoja ${i + 1} nga ${list.length}`}
                onClick={() => setIndex(i)}
              >
                <ProductImage
                  src={image.src}
                  srcSet={image.srcset}
                  avifSrcSet={image.avifSrcset}
                  sizes="76px"
                  alt=""
                  width={76}
                  height={76}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
