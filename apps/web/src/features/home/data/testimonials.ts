interface Testimonial {
  tag: string;
  text: string;
  /** First name and initial. */
  author: string;
}

/** The four customer quotes of the home slider (product.md §2.3). */
export const testimonials: readonly Testimonial[] = [
  {
    tag: 'Blerje online',
    text: 'Porosita iPhone 16 Pro në mbrëmje dhe të nesërmen e kisha në dorë. Paketim i kujdesshëm dhe çmim më i mirë se kudo tjetër.',
    author: 'Arben K.',
  },
  {
    tag: 'Servisi',
    text: 'Ekrani i Samsung-ut tim u ndërrua për dy orë. Duket si i ri dhe më dhanë edhe garanci për riparimin.',
    author: 'Valbona H.',
  },
  {
    tag: 'Këshillim',
    text: 'Më ndihmuan të zgjidhja telefonin sipas buxhetit dhe m’i kaluan të gjitha fotot e kontaktet falas.',
    author: 'Driton M.',
  },
  {
    tag: 'Karta dhuratë',
    text: 'Bleva një kartë dhuratë për ditëlindjen e vëllait. E zgjodhi vetë telefonin që donte dhe u kënaq shumë.',
    author: 'Elira B.',
  },
];
