import { useState } from 'react';

/** A line's product picture, or a neutral placeholder when there is none or it fails to load. */
export function LineImage({ src }: { src?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="line-image line-image-empty" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <rect x="7" y="2.5" width="10" height="19" rx="2.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </span>
    );
  }
  return <img className="line-image" src={src} alt="" width={72} height={72} loading="lazy" onError={() => setFailed(true)} />;
}

/** A line's variant under the product's name ('Titanium i zi / 512 GB'); nothing for a product without options. */
export function LineVariant({ line }: { line: { variant?: string | null } }) {
  if (!line.variant) return null;
  return <span className="cart-line-variant">{line.variant}</span>;
}
