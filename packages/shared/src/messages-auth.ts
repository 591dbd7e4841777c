/**
 * Albanian texts of the account screens. The quoted ones come from docs/product.md (§8) and are
 * used character for character; the rest are ours.
 */
import { accountSwitchText } from './messages-shell';

export const authText = {
  // product.md §8: login
  loginFailed: 'Gabim në login',
  kycuFailed: 'Gabim gjatë kyçjes!',
  loginNetwork: 'Gabim gjatë lidhjes me serverin',
  // product.md §8: third-party sign-in
  googleFailed: 'Gabim me Google login',
  googleNetwork: 'Gabim gjatë lidhjes me Google',
  googleWidgetFailed: 'Kyçja me Google dështoi!',
  googlePopupFailed: 'Gabim gjatë kyçjes me Google',
  // product.md §8: register
  registerFailed: 'Gabim gjatë regjistrimit!',
  registerNetwork: 'Gabim gjatë lidhjes me serverin!',

  // Screens
  loginTitle: 'Kyçu',
  loginButton: 'Kyçu',
  loginIntro: 'Kyçuni për të porositur më shpejt dhe për të parë profilin tuaj.',
  kycuIntro: 'Mirë se u kthyet! Kyçuni në llogarinë tuaj.',
  divider: 'ose',
  email: 'Email',
  password: 'Fjalëkalimi',
  fullName: 'Emri i plotë',
  phone: 'Telefoni',
  optional: '(opsional)',
  passwordHint: 'Të paktën 8 karaktere, i vështirë për t’u gjetur (p.sh. disa fjalë të palidhura), jo email-i ose emri.',
  keepLoggedIn: 'Më mbaj të kyçur',
  forgotPassword: 'Keni harruar fjalëkalimin?',
  noAccount: 'Nuk keni llogari?',
  toRegister: 'Regjistrohuni',
  haveAccount: 'Keni llogari?',
  toLogin: 'Kyçuni',
  registerTitle: 'Krijo llogari',
  registerIntro: 'Regjistrohuni për të ndjekur porositë dhe për të blerë më shpejt.',
  registerButton: 'Regjistrohu',
  registered: 'Llogaria u krijua me sukses. Tani mund të kyçeni.',
  /** On the register screen opened from the checkout (issue 30). */
  registerFromCheckout: 'Pas regjistrimit ktheheni te porosia juaj, me shportën siç është.',
  googleButton: 'Kyçu me Google',
  googleLoading: 'Duke ngarkuar Google...',
  submitting: 'Duke dërguar...',
  showPassword: 'Shfaq fjalëkalimin',
  hidePassword: 'Fshih fjalëkalimin',

  // Profile
  profileTitle: 'Profili im',
  profileLoading: 'Loading...',
  profileDetails: 'Të dhënat e llogarisë',
  roleAdmin: 'Administrator',
  roleUser: 'Klient',
  roleStaff: 'Punonjës',
  toWarranty: 'Fletët e garancionit',
  toAdmin: 'Paneli i administrimit',

  // Forgot password (/harruat-fjalekalimin)
  forgotTitle: 'Keni harruar fjalëkalimin?',
  forgotIntro: 'Shkruani email-in e llogarisë. Do t’ju dërgojmë një lidhje për të vendosur një fjalëkalim të ri.',
  forgotButton: 'Dërgo lidhjen',
  forgotFailed: 'Kërkesa nuk u dërgua. Provoni përsëri.',
  forgotLinkValidity: 'Lidhja vlen 30 minuta dhe përdoret vetëm një herë. Shikoni edhe dosjen e postës së padëshiruar (spam).',
  backToLogin: 'Kthehu te kyçja',

  // New password (/rivendos-fjalekalimin)
  resetTitle: 'Vendosni fjalëkalimin e ri',
  resetIntro: 'Zgjidhni një fjalëkalim të ri për llogarinë tuaj.',
  newPassword: 'Fjalëkalimi i ri',
  repeatPassword: 'Përsëritni fjalëkalimin e ri',
  passwordsDiffer: 'Fjalëkalimet nuk përputhen.',
  resetButton: 'Ruaj fjalëkalimin',
  resetFailed: 'Fjalëkalimi nuk u ndryshua. Provoni përsëri.',
  resetMissingToken: 'Lidhja nuk është e plotë. Kërkoni një lidhje të re.',
  toLoginNow: 'Kyçuni tani',
  requestNewLink: 'Kërkoni një lidhje të re',

  // E-mail verification (/verifiko-email)
  verifyTitle: 'Verifikimi i email-it',
  verifyChecking: 'Duke verifikuar email-in...',
  verifyFailed: 'Email-i nuk u verifikua. Provoni përsëri.',
  toProfile: 'Shko te profili',
  toHome: 'Kthehu në faqen kryesore',

  // Profile: account security
  securityTitle: 'Siguria e llogarisë',
  notVerified: 'Email-i juaj nuk është verifikuar.',
  notVerifiedMore: 'Hapni lidhjen që ju dërguam me email. Nuk e gjeni? Ju dërgojmë një të re.',
  resend: 'Dërgo përsëri',
  resendFailed: 'Email-i nuk u dërgua. Provoni përsëri.',
  changePasswordTitle: 'Ndrysho fjalëkalimin',
  currentPassword: 'Fjalëkalimi i tanishëm',
  changePasswordButton: 'Ndrysho fjalëkalimin',
  changePasswordFailed: 'Fjalëkalimi nuk u ndryshua. Provoni përsëri.',
  noPasswordTitle: 'Fjalëkalimi',
  noPasswordText:
    'Llogaria juaj nuk ka fjalëkalim: ju kyçeni me Google. Nëse doni të kyçeni edhe me email dhe fjalëkalim, kërkoni një lidhje për të vendosur një.',
  setPasswordLink: 'Vendosni një fjalëkalim',
  devicesTitle: 'Pajisjet',
  devicesText: 'Dilni nga llogaria në çdo pajisje ku jeni kyçur, edhe në këtë. Pastaj kyçuni përsëri.',
  logoutAll: 'Dil nga të gjitha pajisjet',
  logoutAllFailed: 'Daljet nga pajisjet nuk u krye. Provoni përsëri.',

  // A ?token= link while another user is logged in (issue 13, finding 2)
  ...accountSwitchText,

  // Access denied
  noAccessTitle: 'Qasja e ndaluar',
  noAccessText: 'Nuk keni autorizim për të hyrë në këtë faqe.',
  noAccessHome: 'Kthehu në faqen kryesore',
} as const;
