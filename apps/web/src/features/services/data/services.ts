/** The five services (product.md §1, 2.3, 2.8), in the order of the menu. */
export interface Service {
  slug: 'mirembajtja' | 'telefona' | 'playstation' | 'servisi' | 'asistenca';
  title: string;
  description: string;
  icon: string;
}

export const services: readonly Service[] = [
  {
    slug: 'mirembajtja',
    title: 'Kontrata e mirëmbajtjes',
    description: 'Kujdes i rregullt për telefonin tuaj: kontroll, pastrim dhe përditësim me një kontratë të thjeshtë.',
    icon: '/images/services/mirembajtja.svg',
  },
  {
    slug: 'telefona',
    title: 'Pjesë për telefona',
    description: 'Ekrane, bateri, kamera dhe porta karikimi për iPhone, Samsung dhe Xiaomi, të montuara nga teknikët tanë.',
    icon: '/images/services/telefona.svg',
  },
  {
    slug: 'playstation',
    title: 'Pjesë për PlayStation',
    description: 'Porta HDMI, ventilatorë, joystick-ë dhe lexues disku për PS4 dhe PS5, me montim në servis.',
    icon: '/images/services/playstation.svg',
  },
  {
    slug: 'servisi',
    title: 'Servisi i riparimit',
    description: 'Riparim profesional i telefonave dhe tabletëve, me diagnostikim falas dhe garanci për punën.',
    icon: '/images/services/servisi.svg',
  },
  {
    slug: 'asistenca',
    title: 'Asistenca mobile',
    description: 'Transferim të dhënash, konfigurim llogarish, aktivizim SIM dhe ndihmë me aplikacionet.',
    icon: '/images/services/asistenca.svg',
  },
];
