/** Albanian texts of the audit log 'Historiku' (issue 13, finding 8): API errors and the admin page. */
export const auditMsg = {
  // API errors (query of GET /api/admin/audit)
  badPage: 'Faqja duhet të jetë një numër i plotë pozitiv.',
  badActor: 'Administratori nuk është i vlefshëm.',
  badKind: 'Lloji i veprimit nuk është i vlefshëm.',

  // The page
  title: 'Historiku',
  intro: 'Çdo veprim i administratorëve, më të rejat së pari.',
  caption: 'Historiku i veprimeve të administratorëve',
  columns: ['Koha', 'Administratori', 'Veprimi', 'Objekti', 'Ndryshimi'] as const,
  actorFilter: 'Administratori',
  kindFilter: 'Veprimi',
  allActors: 'Të gjithë administratorët',
  allKinds: 'Të gjitha veprimet',
  empty: 'Nuk ka asnjë veprim të regjistruar.',
  emptyFiltered: 'Asnjë veprim nuk përputhet me filtrat.',
  noChange: 'Pa ndryshime',
  deletedAdmin: '(llogari e fshirë)',
  pager: 'Faqet e historikut',
  count: (n: number) => (n === 1 ? '1 veprim' : `${n} veprime`),
} as const;
