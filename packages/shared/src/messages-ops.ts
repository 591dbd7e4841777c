/** Albanian texts of running the shop: readiness, metrics, and the backup and restore commands. */
export const opsText = {
  // GET /api/ready
  notReadyDatabase: 'Baza e të dhënave nuk arrihet. Shërbimi nuk është gati.',
  notReadyMigrations: 'Baza e të dhënave nuk është përditësuar ende (migrimet mungojnë). Shërbimi nuk është gati.',
  // GET /metrics with METRICS_TOKEN set
  metricsUnauthorized: 'Për metrikat duhet çelësi (Authorization: Bearer ...).',

  // npm run backup / npm run restore
  backupWritten: (file: string, size: string) => `Kopja rezervë u ruajt: ${file} (${size}).`,
  backupSecrets: 'Kujdes: kopja përmban fjalëkalime të koduara, çelësin e sesioneve (JWT) dhe sekretet 2FA. Ruajeni si sekret.',
  backupNoData: (dir: string) => `Në ${dir} nuk ka bazë të dhënash për të ruajtur.`,
  dataDirInUse: (dir: string) =>
    `Dosja e të dhënave ${dir} është në përdorim nga serveri. Ndaleni serverin, bëni kopjen dhe nisni përsëri (ose përdorni PostgreSQL me DATABASE_URL, ku kopja bëhet pa ndalur).`,
  restoreUsage: 'Përdorimi: npm run restore SKEDARI [--force]',
  restoreMissingFile: (file: string) => `Skedari ${file} nuk ekziston.`,
  restoreUnknownFile: (file: string) => `${file} nuk është kopje rezervë e dyqanit (as PGlite .tar.gz, as pg_dump).`,
  restoreNeedsPostgres: 'Kjo kopje është nga PostgreSQL (pg_dump): vendosni DATABASE_URL për bazën ku do të rikthehet.',
  restoreNeedsPglite: 'Kjo kopje është nga PGlite: rikthehet pa DATABASE_URL, në DATA_DIR.',
  restoreNotEmpty: (where: string) =>
    `Baza ${where} nuk është bosh. Rikthimi do ta mbishkruante: përdorni një bazë bosh, ose shtoni --force.`,
  restoreDone: (where: string, tables: number, rows: number) =>
    `Dyqani u rikthye në ${where}: ${tables} tabela, ${rows} rreshta. Nisni serverin.`,
  restoreMovedAside: (dir: string) => `Të dhënat e mëparshme u zhvendosën në ${dir}.`,
  toolFailed: (detail: string) => `Veprimi dështoi: ${detail}`,

  // The embedded database's data folder, readable by its owner only (decision 024): server log and tools.
  dataDirForeignOwner: (where: string, owner: number, uid: number) =>
    `${where} në dosjen e të dhënave i përket një përdoruesi tjetër (uid ${owner}), jo këtij procesi (uid ${uid}): dyqani nuk niset. Niseni si pronari i dosjes, ose jepjani dosjen këtij përdoruesi (chown -R).`,
  dataDirCannotChmod: (where: string, code: string) =>
    `${where} në dosjen e të dhënave nuk mund të bëhet e lexueshme vetëm nga pronari (${code}): dyqani nuk niset.`,
  dataDirRepaired: (dir: string, files: number) =>
    `Kujdes: në dosjen e të dhënave ${dir} ${files} skedarë ishin të lexueshëm nga përdoruesit e tjerë të kompjuterit; tani i lexon vetëm pronari. Çelësi i sesioneve (JWT), sesionet dhe fjalëkalimet e koduara mund të jenë lexuar: ndërroni çelësin (vendosni një JWT_SECRET të ri, ose fshini rreshtin jwt_secret të app_settings; të gjithë hyjnë përsëri), dhe kërkojuni llogarive të ndërrojnë fjalëkalimin.`,

  twoFactorClearUsage: 'Përdorimi: npm run two-factor:clear EMAIL',
  twoFactorClearInUse: (dir: string) =>
    `Dosja e të dhënave ${dir} është në përdorim nga serveri. Ndaleni serverin, hiqni verifikimin në dy hapa dhe nisni përsëri (me PostgreSQL, DATABASE_URL, bëhet pa ndalur).`,
  twoFactorClearPending: 'Baza e të dhënave nuk është e përditësuar: nisni serverin një herë (npm start) dhe provoni përsëri.',
  twoFactorClearNoUser: (email: string) => `Nuk ka llogari me email-in ${email}.`,
  twoFactorClearNotOn: (email: string) => `Llogaria ${email} nuk e ka aktiv verifikimin në dy hapa.`,
  twoFactorCleared: (email: string) =>
    `Verifikimi në dy hapa i ${email} u hoq: sesionet e llogarisë u mbyllën, veprimi u shënua te "Historiku" dhe llogarisë iu dërgua një email. Kyçet me fjalëkalim (ose me lidhjen e rivendosjes) dhe e aktivizon përsëri te profili.`,
} as const;
