import { describe, expect, it } from 'vitest';
import { averageRating, canReviewProduct, formatRating, ratingLabel, ratingSummary, reviewAuthorName, reviewCountText } from './reviews';

describe('ratings as shoppers read them', () => {
  it('show the average with a decimal comma and the count, or nothing without reviews', () => {
    expect(ratingSummary(4.64, 12)).toBe('4,6 (12 vlerësime)');
    expect(ratingSummary(5, 1)).toBe('5,0 (1 vlerësim)');
    expect(ratingSummary(0, 0)).toBeNull();
    // A leftover average without reviews is never shown.
    expect(ratingSummary(5, 0)).toBeNull();
    expect(formatRating(3.25)).toBe('3,3');
    expect(reviewCountText(2)).toBe('2 vlerësime');
    expect(ratingLabel(4.5, 2)).toBe('Vlerësimi mesatar 4,5 nga 5, 2 vlerësime');
  });

  it('average to one decimal, null for none', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5, 4, 5])).toBe(4.7);
    expect(averageRating([1])).toBe(1);
  });

  it('name the author by first name and initial', () => {
    expect(reviewAuthorName('Arta Krasniqi')).toBe('Arta K.');
    expect(reviewAuthorName('  Blerim  de  Çeku ')).toBe('Blerim Ç.');
    expect(reviewAuthorName('Dren')).toBe('Dren');
    expect(reviewAuthorName('   ')).toBe('Klient');
  });

  it('let only a delivered order open the way to a review', () => {
    expect(canReviewProduct(['delivered'])).toBe(true);
    expect(canReviewProduct(['pending', 'confirmed', 'shipped', 'cancelled'])).toBe(false);
    expect(canReviewProduct([])).toBe(false);
  });
});
