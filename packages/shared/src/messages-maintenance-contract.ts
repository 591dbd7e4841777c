/** Albanian texts of the maintenance contract (product.md §4, 5). Texts quoted in docs/product.md are used exactly. */
export const maintenanceContractMessages = {
  // Validation, in the spec's order (product.md §5).
  klienti: 'Shkruani emrin e klientit!',
  mbiemri: 'Shkruani mbiemrin!',
  imei: 'IMEI duhet te kete saktësisht 14 shifra numerike!',
  llojiPageses: 'Zgjidh llojin e pagesës!',
  // 'NE PRITJE' (product.md §4).
  pending: 'Kontrata eshte vendosur ne pritje!',
} as const;
