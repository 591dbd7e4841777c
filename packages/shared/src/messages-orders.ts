/** Albanian texts of the cart, the checkout and the customer's order list. Texts quoted in docs/product.md are used exactly. */
/** Order status labels shown to shoppers and staff (kept in step with orderStatusSchema). */
export const orderStatusLabels: Record<'pending' | 'delivered' | 'cancelled', string> = {
  pending: 'Në pritje',
  delivered: 'E dorëzuar',
  cancelled: 'E anuluar',
};

export const cartText = {
  // product.md §2.5 / 5 / 8
  empty: 'Shporta është bosh!',
  remove: 'Largojeni',
  clear: 'Pastro Shportën',
  checkout: 'Checkout',
  confirm: 'Konfirmo Porosinë',
  loginRequired: 'Duhet të kyçeni!',
  success: 'Porosia u krye me sukses!',
  failurePrefix: 'Gabim: ',
  failureFallback: 'Checkout dështoi',
  // Ours
  cartTitle: 'Shporta',
  checkoutTitle: 'Checkout',
  cartDescription: 'Produktet në shportën tuaj, sasitë dhe totali.',
  checkoutDescription: 'Kontrolloni produktet dhe konfirmoni porosinë.',
  total: 'Totali',
  quantity: 'Sasia',
  decrease: (name: string) => `Zvogëlo sasinë e ${name}`,
  increase: (name: string) => `Rrit sasinë e ${name}`,
  quantityOf: (name: string) => `Sasia e ${name}`,
  removeLabel: (name: string) => `Largojeni ${name} nga shporta`,
  browse: 'Shiko produktet',
  backToCart: 'Ndrysho shportën',
  sending: 'Duke dërguar porosinë...',
  guestHint: 'Për të konfirmuar porosinë duhet të jeni të kyçur.',
  loginAgain: 'Kyçuni përsëri',
  itemCount: (n: number) => (n === 1 ? '1 artikull' : `${n} artikuj`),
  updatedTitle: 'Shporta u përditësua me të dhënat aktuale të dyqanit:',
  priceChanged: (name: string, from: string, to: string) => `Çmimi i “${name}” ndryshoi nga ${from} në ${to}.`,
  removedProduct: (name: string) => `“${name}” nuk ofrohet më dhe u hoq nga shporta.`,
  reviewAndConfirm: 'Kontrolloni totalin e ri dhe konfirmoni përsëri.',
} as const;

export const myOrdersText = {
  title: 'Porositë e mia',
  loading: 'Duke ngarkuar...',
  error: 'Porositë nuk mund të ngarkohen tani. Provoni përsëri më vonë.',
  empty: 'Nuk keni bërë ende asnjë porosi.',
  order: (id: number) => `Porosia #${id}`,
  date: 'Data',
  status: 'Statusi',
  items: 'Produktet',
  total: 'Totali',
} as const;
