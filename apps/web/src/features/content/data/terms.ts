import { openDaysText, shop } from '@shop/shared/domain/shop';

/** The three cards of the terms / customer-care page and the bullets of their modals (product.md §2.7, 9). */
export interface TermsCard {
  id: 'kushtet' | 'kujdesi' | 'garancia';
  title: string;
  summary: string;
  bullets: readonly string[];
}

export const termsCards: readonly TermsCard[] = [
  {
    id: 'kushtet',
    title: 'Kushtet e përdorimit',
    summary: 'Rregullat për blerjet në dyqanin tonë dhe për llogarinë tuaj.',
    bullets: [
      'Çmimet janë në euro dhe përfshijnë TVSH-në.',
      'Porosia konfirmohet pasi të kontrollojmë që produkti është në stok.',
      'Llogaria është personale: mos e ndani fjalëkalimin me askënd.',
      'Të dhënat tuaja përdoren vetëm për porositë dhe nuk u jepen palëve të treta.',
      'Fotot janë ilustruese; specifikimet e sakta janë në faqen e produktit.',
    ],
  },
  {
    id: 'kujdesi',
    title: 'Kujdesi ndaj klientit',
    summary: 'Si dhe kur mund të na gjeni, para dhe pas blerjes.',
    bullets: [
      'Përgjigjemi brenda 1 ore gjatë orarit të punës.',
      `Orari: ${openDaysText()} ${shop.opens}–${shop.closes}; të dielën jemi mbyllur.`,
      'Na shkruani në WhatsApp, me email ose ejani në dyqan në Prishtinë.',
      'Ju ndihmojmë falas me konfigurimin e telefonit dhe transferimin e të dhënave.',
    ],
  },
  {
    id: 'garancia',
    title: 'Garancia & kthimet',
    summary: 'Çfarë mbulon garancia dhe si ktheni një produkt.',
    bullets: [
      'Telefonat dhe produktet e reja kanë garanci 12 muaj.',
      'Disa mbrojtëse kanë garanci 6 muaj, siç shënohet te produkti.',
      'Produktin e papërdorur mund ta ktheni brenda 14 ditëve, në paketimin origjinal.',
      'Një defekt në garanci riparohet brenda 30 ditëve.',
      'Garancia nuk mbulon dëmtimet fizike, lagështinë, rrymën e tepërt ose riparimet e paautorizuara.',
      'Sillni fletën e garancisë dhe faturën kur kërkoni shërbim.',
    ],
  },
];

/** The four questions of the FAQ accordion. */
export const faq: readonly { q: string; a: string }[] = [
  {
    q: 'Sa zgjat garancia e telefonave?',
    a: 'Çdo telefon dhe produkt i ri ka garanci 12 muaj nga dita e blerjes. Disa mbrojtëse kanë garanci 6 muaj.',
  },
  {
    q: 'A mund ta kthej një produkt?',
    a: 'Po. Produktin e papërdorur, në paketimin origjinal dhe me faturë, mund ta ktheni brenda 14 ditëve.',
  },
  {
    q: 'Sa shpejt përgjigjeni?',
    a: `Brenda 1 ore gjatë orarit të punës: ${openDaysText()}, ${shop.opens}–${shop.closes}. Të dielën jemi mbyllur.`,
  },
  {
    q: 'Si përdoren kartat dhuratë?',
    a: 'Kartat dhuratë fizike me vlerë 50, 75, 100 dhe 200 € vlejnë për të gjitha produktet në dyqan dhe nuk skadojnë.',
  },
];
