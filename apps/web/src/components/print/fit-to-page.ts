import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

/** The A4 page inside the margins of print-doc.css (@page margin: 12mm 14mm), in CSS pixels. */
const MM = 96 / 25.4;
export const PRINTABLE_HEIGHT_PX = (297 - 2 * 12) * MM;

/** The zoom that brings a document of this height onto one page (1 when it fits already). */
export function fitZoom(heightPx: number, pageHeightPx = PRINTABLE_HEIGHT_PX): number {
  // A little room for rounding between the screen's and the printer's layout.
  const room = pageHeightPx * 0.97;
  return heightPx > room ? Math.floor((room / heightPx) * 1000) / 1000 : 1;
}

/**
 * Keeps a printed document on one A4 page: lays it out off screen at the printed width,
 * measures it, and gives the zoom for print (as the --pd-zoom variable) when it is too tall.
 * Zooming also widens the lines, so the document then ends a little above the page's end.
 */
export function useFitToPage<T extends HTMLElement>(deps: readonly unknown[]) {
  const ref = useRef<T>(null);
  const [zoom, setZoom] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.classList.add('pd-measure');
    const height = el.getBoundingClientRect().height;
    el.classList.remove('pd-measure');
    setZoom(fitZoom(height));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { ref, style: { '--pd-zoom': zoom } as CSSProperties, zoom };
}
