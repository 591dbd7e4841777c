import { useState } from 'react';
import { ProductImage } from './product-image';

/** The main picture and, when there are several, thumbnails that choose it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const list = images.length > 0 ? images : [''];
  const current = list[Math.min(index, list.length - 1)];
  return (
    <div className="gallery">
      <div className="gallery-main">
        <ProductImage key={current} src={current} alt={index === 0 ? name : `${name}, fotoja ${index + 1}`} fetchPriority="high" />
      </div>
      {list.length > 1 && (
        <ul className="thumbs" aria-label="Fotot e produktit">
          {list.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={`Fotoja ${i + 1} nga ${list.length}`}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={src} alt="" width={76} height={76} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
