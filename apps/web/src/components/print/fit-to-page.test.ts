import { describe, expect, it } from 'vitest';
import { PRINTABLE_HEIGHT_PX, fitZoom } from './fit-to-page';

describe('fitZoom', () => {
  it('leaves a document that fits alone and shrinks a taller one onto the page', () => {
    expect(PRINTABLE_HEIGHT_PX).toBeCloseTo(1031.8, 0);
    expect(fitZoom(600)).toBe(1);
    const zoom = fitZoom(2 * PRINTABLE_HEIGHT_PX);
    expect(zoom).toBeLessThan(0.5);
    expect(zoom * 2 * PRINTABLE_HEIGHT_PX).toBeLessThanOrEqual(PRINTABLE_HEIGHT_PX);
  });
});
