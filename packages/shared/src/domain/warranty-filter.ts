import { formatPrice } from './money';

/** The fields of a sheet the list's filter reads. */
export interface FilterableSheet {
  id: number;
  emri: string;
  mbiemri: string;
  telefoni: string;
  email: string;
  marka: string;
  modeli: string;
  imei: string;
  softInfo: string;
  kohezgjatja: string;
  cmimi: number | null;
  data: string;
  komente: string;
  llojiPageses: string;
}

/** Every text of a sheet the filter looks in; the price also as the list writes it ('1.249,00 €'). */
const searchable = (s: FilterableSheet): string[] => [
  String(s.id),
  s.emri,
  s.mbiemri,
  s.telefoni,
  s.email,
  s.marka,
  s.modeli,
  s.imei,
  s.softInfo,
  s.kohezgjatja,
  s.cmimi === null ? '' : String(s.cmimi),
  s.cmimi === null ? '' : formatPrice(s.cmimi),
  s.data,
  s.komente,
  s.llojiPageses,
];

/**
 * 'Kerko garancione...' (product.md §2.9): a sheet is shown when any field contains the text,
 * ignoring case. The browser filters what the list shows with it; the server's search
 * (GET /api/admin/warranty/search) finds at least every sheet it would show (decision 021).
 */
export function filterSheets<S extends FilterableSheet>(sheets: readonly S[], query: string): S[] {
  const q = query.trim().toLocaleLowerCase('sq');
  if (!q) return [...sheets];
  return sheets.filter((s) => searchable(s).some((v) => v.toLocaleLowerCase('sq').includes(q)));
}
