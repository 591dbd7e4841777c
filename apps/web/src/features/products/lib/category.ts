/** The order the specs table follows; the database does not keep the keys' order. Others follow, A-Z. */
const specOrder = [
  'Lloji',
  'Ekrani',
  'Procesori',
  'Çipi',
  'Memoria',
  'RAM',
  'Kamera',
  'Bateria',
  'Kapaciteti',
  'Fuqia',
  'Karikimi',
  'Porta',
  'Lidhja',
  'Anulimi i zhurmës',
  'Teknologjia',
  'Përputhshmëria',
  'Materiali',
  'Ngjyra',
  'Pesha',
  'Trashësia',
  'Gjatësia',
  'Rezistenca',
  'Rezistenca ndaj ujit',
  'Vlera',
  'Afati',
  'Përdorimi',
  'Garancia',
];

export function orderedSpecs(specs: Record<string, string>): [string, string][] {
  const rank = (k: string) => {
    const i = specOrder.indexOf(k);
    return i === -1 ? specOrder.length - 1 : i;
  };
  return Object.entries(specs).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'sq'));
}
