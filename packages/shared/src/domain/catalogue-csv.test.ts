import { describe, expect, it } from 'vitest';
import { detectSeparator, isFormulaCell, readDefaultMark, readEuros, readUnits, unguardCell } from './catalogue-csv';

describe('the catalogue CSV cells', () => {
  it('reads euros as a spreadsheet in Kosovo writes them, and nothing else', () => {
    expect(readEuros('1249,00')).toBe(1249);
    expect(readEuros('1249.5')).toBe(1249.5);
    expect(readEuros('1.249,99 €')).toBe(1249.99);
    expect(readEuros('1 249,00')).toBe(1249);
    expect(readEuros('1,249.00')).toBe(1249);
    expect(readEuros('')).toBeUndefined();
    expect(readEuros('  ')).toBeUndefined();
    for (const bad of ['-5', '1e3', 'dhjetë', '12,34,56', '+3']) expect(readEuros(bad), bad).toBeNaN();
  });

  it('reads units: whole and not negative; empty is not tracked', () => {
    expect(readUnits('12')).toBe(12);
    expect(readUnits('')).toBeUndefined();
    for (const bad of ['-1', '2,5', '1.5', 'shumë']) expect(readUnits(bad), bad).toBeNaN();
  });

  it('tells a formula from a plain number, and reads the export’s guard back as text', () => {
    for (const f of ['=1+1', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("x")', '-']) expect(isFormulaCell(f), f).toBe(true);
    for (const ok of ['-5', '+3,5', '12.5', "'=1+1", 'iPhone -2', '']) expect(isFormulaCell(ok), ok).toBe(false);
    expect(unguardCell("'-Tel")).toBe('-Tel');
    expect(unguardCell("Rresht\n'- pikë")).toBe('Rresht\n- pikë');
    expect(unguardCell("O'Brien")).toBe("O'Brien");
  });

  it('finds the separator of the header and reads the default mark', () => {
    expect(detectSeparator('ID e produktit;Emri;SKU')).toBe(';');
    expect(detectSeparator('ID e produktit,Emri,SKU')).toBe(',');
    expect(detectSeparator('ID e produktit\tEmri\tSKU')).toBe('\t');
    expect(readDefaultMark('Po')).toBe(true);
    expect(readDefaultMark('')).toBe(false);
    expect(readDefaultMark('ndoshta')).toBeUndefined();
  });
});
