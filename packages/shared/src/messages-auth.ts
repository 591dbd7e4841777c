/**
 * Albanian texts of the account screens. The quoted ones come from docs/product.md (§8) and are
 * used character for character; the rest are ours.
 */
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
  passwordHint: 'Të paktën 8 karaktere.',
  keepLoggedIn: 'Më mbaj të kyçur',
  forgotPassword: 'Keni harruar fjalëkalimin?',
  forgotPasswordPlaceholder:
    'Rivendosja e fjalëkalimit nuk është ende e disponueshme në internet. Na shkruani ose ejani në dyqan dhe ju ndihmojmë menjëherë.',
  noAccount: 'Nuk keni llogari?',
  toRegister: 'Regjistrohuni',
  haveAccount: 'Keni llogari?',
  toLogin: 'Kyçuni',
  registerTitle: 'Krijo llogari',
  registerIntro: 'Regjistrohuni për të ndjekur porositë dhe për të blerë më shpejt.',
  registerButton: 'Regjistrohu',
  registered: 'Llogaria u krijua me sukses. Tani mund të kyçeni.',
  googleButton: 'Kyçu me Google',
  googleNotConfigured: 'Kyçja me Google nuk është aktivizuar në këtë dyqan.',
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
  toWarranty: 'Fletët e garancionit',
  toAdmin: 'Paneli i administrimit',

  // Access denied
  noAccessTitle: 'Qasja e ndaluar',
  noAccessText: 'Nuk keni autorizim për të hyrë në këtë faqe.',
  noAccessHome: 'Kthehu në faqen kryesore',
} as const;
