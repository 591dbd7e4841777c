/** Albanian texts of the maintenance contract (SPEC 4, 5). Spec texts are quoted exactly. */
export const maintenanceContractMessages = {
  // Validation, in the spec's order (SPEC 5).
  klienti: 'Shkruani emrin e klientit!',
  mbiemri: 'Shkruani mbiemrin!',
  imei: 'IMEI duhet te kete saktësisht 14 shifra numerike!',
  llojiPageses: 'Zgjidh llojin e pagesës!',
  // 'NE PRITJE' (SPEC 4).
  pending: 'Kontrata eshte vendosur ne pritje!',
} as const;
