// The six items of each service page; kept apart from the five services so the home page does not load them.

/** An item of a service page (six on each). */
export interface ServiceItem {
  title: string;
  description: string;
  image: string;
}

const part = (name: string) => `/images/services/items/${name}.svg`;

/** Phone parts: no prices, no cart action (product.md §2.8). */
export const phoneParts: readonly ServiceItem[] = [
  {
    title: 'Ekrane OLED dhe LCD',
    description: 'Ekrane origjinale dhe cilësore për iPhone, Samsung e Xiaomi, me prekje dhe ngjyra si në ditën e parë.',
    image: part('ekran'),
  },
  {
    title: 'Bateri',
    description: 'Bateri të reja me kapacitet të plotë për telefonin që fiket herët ose nxehet gjatë karikimit.',
    image: part('bateri'),
  },
  {
    title: 'Kamera',
    description: 'Module kamere të përparme dhe të pasme, si dhe xhama mbrojtës të lenteve.',
    image: part('kamera'),
  },
  {
    title: 'Porta karikimi',
    description: 'Porta USB-C dhe Lightning për telefonin që nuk karikohet ose nuk lidhet me kompjuterin.',
    image: part('porte'),
  },
  {
    title: 'Altoparlantë dhe mikrofona',
    description: 'Pjesë zëri për thirrje të qarta, muzikë pa zhurmë dhe mesazhe zanore që dëgjohen mirë.',
    image: part('altoparlant'),
  },
  {
    title: 'Xhama të pasëm dhe korniza',
    description: 'Xhama të pasëm, korniza dhe butona anësorë në ngjyrën origjinale të telefonit.',
    image: part('xham'),
  },
];

/** PlayStation parts. The price is kept with each item but is not displayed (product.md §2.8). */
export const playstationParts: readonly (ServiceItem & { price: number })[] = [
  {
    title: 'Porta HDMI për PS5',
    description: 'Ndërrim i portës HDMI kur konzola nuk jep figurë ose figura ndërpritet.',
    image: part('hdmi'),
    price: 49,
  },
  {
    title: 'Ventilator ftohës për PS4',
    description: 'Ventilator i ri për konzolën që bën zhurmë ose nxehet gjatë lojës.',
    image: part('ventilator'),
    price: 22,
  },
  {
    title: 'Joystick analog për DualSense',
    description: 'Riparim i "drift"-it: joystick të rinj për kontrollerin që lëviz vetë.',
    image: part('joystick'),
    price: 14,
  },
  {
    title: 'Butona dhe gomina kontrolleri',
    description: 'Butona, këmbëza dhe gomina përçuese për kontrollerët DualShock 4 dhe DualSense.',
    image: part('butona'),
    price: 9,
  },
  {
    title: 'Lexues disku Blu-ray',
    description: 'Lexues i ri disku për PS4 dhe PS5 që nuk i lexon ose nuk i nxjerr disqet.',
    image: part('disk'),
    price: 69,
  },
  {
    title: 'Bateri kontrolleri',
    description: 'Bateri e re për kontrollerin që nuk e mban më karikimin gjatë një seance loje.',
    image: part('bateri-kontrolleri'),
    price: 18,
  },
];

/** Repair service cards. */
export const repairServices: readonly ServiceItem[] = [
  {
    title: 'Ndërrim ekrani',
    description: 'Ekran i thyer ose që nuk reagon? E ndërrojmë, shpesh brenda ditës.',
    image: part('ekran'),
  },
  {
    title: 'Ndërrim baterie',
    description: 'Bateri e re për telefonin që nuk mban më gjithë ditën, me garanci 6-mujore.',
    image: part('bateri'),
  },
  {
    title: 'Riparim pas lagështisë',
    description: 'Pastrim dhe tharje profesionale e pllakës pas kontaktit me ujë ose lagështi.',
    image: part('lageshti'),
  },
  {
    title: 'Riparim i portës së karikimit',
    description: 'Pastrim ose ndërrim i portës kur kablloja lëviz ose karikimi ndërpritet.',
    image: part('porte'),
  },
  {
    title: 'Riparim kamere',
    description: 'Kamera që nuk fokuson, dridhet ose ka xhamin e thyer kthehet si e re.',
    image: part('kamera'),
  },
  {
    title: 'Diagnostikim falas',
    description: 'Kontrollojmë telefonin dhe ju tregojmë çmimin para çdo riparimi, pa detyrim.',
    image: part('diagnostikim'),
  },
];

/** Mobile assistance cards (product.md §2.8). */
export const assistanceServices: readonly ServiceItem[] = [
  {
    title: 'Transferim i të dhënave',
    description: 'Kalojmë kontaktet, fotot, mesazhet dhe aplikacionet nga telefoni i vjetër te i riu.',
    image: part('transferim'),
  },
  {
    title: 'Konfigurim iCloud / Google',
    description: 'Krijojmë ose lidhim llogarinë iCloud ose Google dhe aktivizojmë kopjen rezervë.',
    image: part('llogari'),
  },
  {
    title: 'Rikthim fjalëkalimi dhe llogarie',
    description: 'Ju ndihmojmë të rifitoni qasjen në llogarinë tuaj me hapat zyrtarë të sigurt.',
    image: part('fjalekalim'),
  },
  {
    title: 'Aktivizim SIM dhe eSIM',
    description: 'Aktivizojmë kartën SIM ose eSIM dhe rregullojmë internetin mobil e thirrjet.',
    image: part('sim'),
  },
  {
    title: 'Pastrim i memories',
    description: 'Lirojmë hapësirë duke hequr skedarët e panevojshëm pa humbur asgjë të rëndësishme.',
    image: part('memorie'),
  },
  {
    title: 'Ndihmë me aplikacionet',
    description: 'Instalim dhe konfigurim i aplikacioneve bankare, të komunikimit dhe të punës.',
    image: part('aplikacione'),
  },
];
