import type { MailKind } from './domain/mail';
/** Albanian texts of the mail outbox (API errors and the admin's 'E-mailet' page). */
export const mailMsg = {
  // API
  mailNotFound: 'E-maili nuk u gjet.',
  retryOnlyFailed: 'Vetëm një e-mail që ka dështuar mund të provohet përsëri.',
  retryQueued: 'E-maili u vu përsëri në radhë për dërgim.',
  badPage: 'Faqja duhet të jetë një numër i plotë nga 1 e sipër.',
  badStatus: 'Gjendja duhet të jetë pending, sent ose failed.',
  // Page
  title: 'E-mailet',
  intro: 'Çdo e-mail që dyqani dërgon kalon nga kjo radhë: këtu shihni çfarë u dërgua, çfarë pret dhe çfarë dështoi.',
  smtpMissing:
    "Dërgimi i e-mailave nuk është konfiguruar (SMTP_URL mungon): asnjë e-mail nuk dërgohet dhe të gjithë mbeten në pritje. Hapni një e-mail për të lexuar tekstin e tij. Lidhjet e rivendosjes së fjalëkalimit dhe të verifikimit të email-it fshihen këtu (i sheh vetëm marrësi): që klientët t'i marrin, konfiguroni SMTP_URL.",
  /** In place of a secret link (reset, verification) in the staff copy of a mail (decision 026). */
  linkHidden: '[lidhja fshihet: e sheh vetëm marrësi i e-mailit]',
  filterLabel: 'Gjendja',
  filterAll: 'Të gjitha',
  colWhen: 'Koha',
  colTo: 'Marrësi',
  colSubject: 'Subjekti',
  colKind: 'Lloji',
  colStatus: 'Gjendja',
  colAttempts: 'Përpjekje',
  colError: 'Gabimi i fundit',
  colActions: 'Veprime',
  open: 'Hap',
  close: 'Mbyll',
  retry: 'Provo përsëri',
  retried: 'E-maili do të provohet përsëri së shpejti.',
  empty: 'Nuk ka asnjë e-mail këtu.',
  sentAt: 'Dërguar më',
  textPart: 'Teksti i e-mailit',
  pagerLabel: 'Faqet e e-mailave',
  total: (n: number) => (n === 1 ? '1 e-mail' : `${n} e-maile`),
} as const;

/** What causes a mail, as the admin reads it on 'E-mailet': every kind the shop sends has its words. */
const mailKindLabels: Record<MailKind, string> = {
  'verify-email': 'Verifikimi i e-mailit',
  'reset-password': 'Rivendosja e fjalëkalimit',
  'order-placed': 'Porosi e re',
  'order-status': 'Statusi i porosisë',
  'repair-status': 'Statusi i riparimit',
  'two-factor-enable': 'Verifikimi në dy hapa u aktivizua',
  'two-factor-disable': 'Verifikimi në dy hapa u çaktivizua',
  'two-factor-recovery-codes': 'Kode rezervë të reja',
  'two-factor-clear': 'Verifikimi në dy hapa u hoq nga një administrator',
  'two-factor-pause': 'Kyçja u ndal pas kodeve të gabuara',
  'gift-card': 'Kartë dhurate e lëshuar',
};

/** The kind's words; a kind from an older version of the shop shows as it is. */
export const mailKindLabel = (kind: string): string => (mailKindLabels as Record<string, string | undefined>)[kind] ?? kind;
