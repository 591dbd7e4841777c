/** The API's Albanian answers about the admins' two-factor sign-in (TOTP from an authenticator app, recovery codes). */
export const twoFactorMessages = {
  codeRequired: 'Shkruani kodin 6-shifror nga aplikacioni i verifikimit.',
  codeWrong: 'Kodi i verifikimit është i gabuar.',
  setupRequired: 'Për të hyrë në administrim, aktivizoni verifikimin në dy hapa te profili.',
  adminOnly: 'Verifikimi në dy hapa është vetëm për administratorët dhe punonjësit e dyqanit.',
  alreadyEnabled: 'Verifikimi në dy hapa është tashmë aktiv.',
  notEnabled: 'Verifikimi në dy hapa nuk është aktiv.',
  noPendingSetup: 'Filloni aktivizimin përsëri: shtypni “Aktivizo” për një kod QR të ri.',
  passwordWrong: 'Fjalëkalimi është i gabuar.',
  passwordRequired: 'Shkruani fjalëkalimin.',
  disabled: 'Verifikimi në dy hapa u çaktivizua.',
  currentPasswordRequired: 'Shkruani fjalëkalimin aktual.',
  googleRequired: 'Kjo llogari nuk ka fjalëkalim: konfirmoni me Google (kyçuni përsëri me Google) para këtij ndryshimi.',
  googleStale: 'Konfirmimi me Google ka skaduar: kyçuni përsëri me Google dhe provoni menjëherë.',
  googleOtherAccount: 'Kjo llogari Google nuk është ajo e llogarisë suaj.',
  recoveryCodesRenewed: 'U krijuan kode rezervë të reja: të vjetrat nuk vlejnë më.',
  cleared: 'Verifikimi në dy hapa i këtij përdoruesi u hoq. Ai kyçet vetëm me fjalëkalim dhe mund ta aktivizojë përsëri.',
  selfClear:
    'Nuk mund ta hiqni verifikimin në dy hapa të llogarisë suaj këtu: çaktivizojeni te profili ose kërkojini një administratori tjetër.',
  targetNotEnabled: 'Ky përdorues nuk e ka aktiv verifikimin në dy hapa.',
  /** A pause after too many wrong codes (per account, from every address): the code is not checked until it ends. */
  paused: (seconds: number) => `Shumë kode të gabuara. Për siguri, provoni përsëri pas ${waitText(seconds)}.`,
} as const;

/** '30 sekondash', '1 minute', '15 minutash': how long to wait, in the words of the pause message. */
function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 sekonde' : `${s} sekondash`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minute' : `${m} minutash`;
}

/** The screens' texts (profile section, login code step), with the API's answers. */
export const twoFactorText = {
  ...twoFactorMessages,
  title: 'Verifikimi në dy hapa',
  intro:
    'Përveç fjalëkalimit, në kyçje kërkohet një kod 6-shifror nga një aplikacion verifikimi (Google Authenticator, Microsoft Authenticator, Authy, 1Password…).',
  statusOn: 'Aktiv',
  statusOff: 'Joaktiv',
  enable: 'Aktivizo',
  disable: 'Çaktivizo',
  cancel: 'Anulo',
  confirm: 'Konfirmo',
  scanQr: 'Skanoni këtë kod QR me aplikacionin e verifikimit, pastaj shkruani kodin 6-shifror që ju shfaq.',
  qrAlt: 'Kodi QR për aplikacionin e verifikimit',
  manualEntry: 'Nuk mund ta skanoni? Shkruajeni këtë çelës në aplikacion:',
  codeLabel: 'Kodi i verifikimit',
  codeHint: 'Kodi 6-shifror nga aplikacioni. Mund të përdorni edhe një nga kodet rezervë.',
  setupCodeHint: 'Kodi 6-shifror që tregon aplikacioni tani.',
  enabledDone: 'Verifikimi në dy hapa u aktivizua.',
  recoveryTitle: 'Kodet rezervë',
  recoveryNote: 'Ruajini këto kode në një vend të sigurt. Secili kod vlen vetëm një herë, nëse e humbni telefonin. Nuk do t’i shihni më.',
  copy: 'Kopjo',
  copied: 'Kodet u kopjuan.',
  copyFailed: 'Kopjimi nuk u bë. Zgjidhini kodet dhe kopjojini me dorë.',
  savedCodes: 'I ruajta kodet',
  disableIntro: 'Për ta çaktivizuar, shkruani fjalëkalimin aktual dhe një kod verifikimi.',
  password: 'Fjalëkalimi',
  currentPassword: 'Fjalëkalimi aktual',
  currentPasswordHint: 'Për çdo ndryshim të verifikimit në dy hapa kërkohet fjalëkalimi juaj aktual.',
  googleConfirmIntro: 'Llogaria juaj nuk ka fjalëkalim. Për këtë ndryshim, konfirmoni me Google:',
  googleConfirmed: 'U konfirmua me Google.',
  newRecoveryCodes: 'Kode rezervë të reja',
  newRecoveryIntro:
    'Krijoni kode rezervë të reja kur i keni humbur ose përdorur të vjetrat. Të vjetrat nuk do të vlejnë më. Shkruani fjalëkalimin aktual dhe një kod verifikimi.',
  enableIntro: 'Për ta aktivizuar, shkruani fjalëkalimin aktual dhe kodin që tregon aplikacioni.',
  // The admin's users list: clearing another admin's two-factor (the recovery process, decision 025).
  clearButton: 'Hiq 2FA',
  clearLabel: (name: string) => `Hiq verifikimin në dy hapa: ${name}`,
  clearTitle: (name: string) => `Hiq verifikimin në dy hapa të ${name}`,
  clearIntro:
    'Vetëm kur pronari e ka humbur aplikacionin dhe kodet rezervë, dhe e keni verifikuar që është ai. Sesionet e tij mbyllen; ai kyçet me fjalëkalim dhe e aktivizon përsëri. Veprimi shënohet te "Historiku" dhe i dërgohet me email. Konfirmoni me fjalëkalimin tuaj aktual.',
  twoFactorBadge: '2FA',
  loading: 'Duke ngarkuar...',
  failed: 'Veprimi nuk u krye. Provoni përsëri.',
  loginStepIntro: 'Llogaria juaj ka verifikimin në dy hapa. Shkruani kodin nga aplikacioni i verifikimit.',
  back: 'Kthehu',
  useRecovery: 'Përdor një kod rezervë',
  useApp: 'Përdor kodin nga aplikacioni',
  recoveryHint: 'Një nga kodet rezervë që ruajtët kur aktivizuat verifikimin (p.sh. abcde-fghjk).',
  secretLabel: 'Çelësi',
  setupRequiredTitle: 'Aktivizoni verifikimin në dy hapa',
} as const;
