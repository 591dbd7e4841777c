import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RatingSummary, Stars } from './stars';

/** The two layers of a rating: grey stars, and the amber ones clipped over them. */
function layers(name: string) {
  const img = screen.getByRole('img', { name });
  const empty = img.querySelector<HTMLElement>('.stars-empty')!;
  const filled = img.querySelector<HTMLElement>('.stars-full')!;
  return { empty, filled };
}

describe('Stars (issue 26)', () => {
  it('clips five full-size stars at the rating: a 4 shows four whole stars, not five squeezed', () => {
    render(<Stars rating={4} size={18} />);
    const { empty, filled } = layers('Vlerësimi: 4 nga 5 yje');
    // 18 px stars with 2 px between them: four stars and their gaps are 80 px.
    expect(filled.style.width).toBe('80px');
    expect(filled.style.width).not.toMatch(/%$/);
    for (const layer of [empty, filled]) {
      const stars = layer.querySelectorAll('svg');
      expect(stars).toHaveLength(5);
      stars.forEach((s) => expect(s).toHaveAttribute('width', '18'));
      expect(layer.style.gap).toBe('2px');
    }
  });

  it('fills a fraction of the next star by its own width; none and all are 0 and the whole row', () => {
    const { unmount } = render(<RatingSummary average={4.6} count={12} size={14} />);
    // Four 14 px stars with their gaps (64 px) and 0.6 of the fifth (8.4 px).
    expect(layers('Vlerësimi mesatar 4,6 nga 5, 12 vlerësime').filled.style.width).toBe('72.4px');
    unmount();
    render(
      <>
        <Stars rating={0} label="zero" />
        <Stars rating={5} label="pese" />
        <Stars rating={7} label="tej" />
        <Stars rating={2.5} label="gjysme" />
      </>,
    );
    expect(layers('zero').filled.style.width).toBe('0px');
    expect(layers('pese').filled.style.width).toBe('98px');
    expect(layers('tej').filled.style.width).toBe('98px');
    expect(layers('gjysme').filled.style.width).toBe('49px');
  });
});
