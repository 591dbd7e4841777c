import { describe, expect, it } from 'vitest';
import { defaultVariantSku, isSellable, isValidBarcode, stockFromText, stockOrUntracked, variantTitle } from './variants';

describe('variants', () => {
  it('treats a stock that was not given as not tracked and always sellable', () => {
    expect(stockOrUntracked(undefined)).toBeNull();
    expect(stockOrUntracked(null)).toBeNull();
    expect(stockOrUntracked(0)).toBe(0);
    expect(stockFromText('  ')).toBeNull();
    expect(stockFromText('12')).toBe(12);
    expect(stockFromText('2.5')).toBeNaN();
    expect(stockFromText('-1')).toBeNaN();
    expect(isSellable(null)).toBe(true);
    expect(isSellable(0)).toBe(false);
    expect(isSellable(3)).toBe(true);
  });

  it('checks a barcode by its check digit', () => {
    expect(isValidBarcode('4006381333931')).toBe(true);
    expect(isValidBarcode('4006381333932')).toBe(false);
    expect(isValidBarcode('96385074')).toBe(true);
    expect(isValidBarcode('036000291452')).toBe(true);
    expect(isValidBarcode('123')).toBe(false);
    expect(isValidBarcode('40063813339a1')).toBe(false);
  });

  it('names the default SKU and a variant', () => {
    expect(defaultVariantSku('iphone-16-pro')).toBe('IPHONE-16-PRO');
    expect(variantTitle(['Titanium i zi', '512 GB'])).toBe('Titanium i zi / 512 GB');
  });
});
