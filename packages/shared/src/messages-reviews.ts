/** The texts of honest ratings (issue 18, decision 023): the API's answers and the screens'. */
import { REVIEW_TEXT_MAX } from './domain/reviews';

export const reviewMessages = {
  // What the API answers
  notEligible: 'Vetëm klientët që e kanë marrë këtë produkt me një porosi të dorëzuar mund ta vlerësojnë.',
  alreadyReviewed: 'Ju e keni vlerësuar tashmë këtë produkt. Mund ta ndryshoni vlerësimin tuaj.',
  noOwnReview: 'Nuk keni vlerësuar ende këtë produkt.',
  reviewNotFound: 'Vlerësimi nuk u gjet.',
  badRating: 'Zgjidhni nga 1 deri në 5 yje.',
  badText: 'Komenti duhet të jetë tekst.',
  textTooLong: `Komenti mund të ketë deri në ${REVIEW_TEXT_MAX} karaktere.`,
  badHidden: 'Zgjidhni nëse vlerësimi fshihet apo shfaqet.',
  badPage: 'Numri i faqes nuk është i vlefshëm.',
  badVisibility: 'Filtri i vlerësimeve nuk është i vlefshëm.',
  created: 'Faleminderit! Vlerësimi juaj u ruajt.',
  updated: 'Vlerësimi juaj u ndryshua.',
  hidden: 'Vlerësimi u fsheh.',
  shown: 'Vlerësimi u shfaq përsëri.',
} as const;

/** What the product page and the admin's list show around the reviews. */
export const reviewText = {
  title: 'Vlerësimet e klientëve',
  none: 'Ky produkt nuk ka ende vlerësime.',
  loading: 'Duke ngarkuar vlerësimet...',
  formTitle: 'Vlerësoni produktin',
  editTitle: 'Ndryshoni vlerësimin tuaj',
  stars: 'Yjet',
  star: (n: number) => (n === 1 ? '1 yll' : `${n} yje`),
  comment: 'Komenti (opsional)',
  submit: 'Dërgo vlerësimin',
  save: 'Ruaj ndryshimet',
  saving: 'Duke ruajtur...',
  loginToReview: 'Keni blerë këtë produkt? Kyçuni për ta vlerësuar.',
  notEligible: 'Mund ta vlerësoni këtë produkt pasi të keni marrë porosinë që e përmban.',
  ownHidden: 'Vlerësimi juaj është fshehur nga dyqani dhe nuk shfaqet për të tjerët.',
  verified: 'Blerës i verifikuar',
  adminTitle: 'Vlerësimet',
  adminEmpty: 'Nuk ka vlerësime.',
  adminAll: 'Të gjitha',
  adminVisible: 'Të dukshme',
  adminHidden: 'Të fshehura',
  hide: 'Fshihe',
  show: 'Shfaqe',
  hiddenBadge: 'E fshehur',
  visibleBadge: 'E dukshme',
} as const;
