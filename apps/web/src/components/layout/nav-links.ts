export const productLinks = [
  { to: '/products/iphone', label: 'iPhone' },
  { to: '/products/samsung', label: 'Samsung' },
  { to: '/products/giftcard', label: 'Karta dhuratë' },
  { to: '/products/accessories', label: 'Aksesorë' },
] as const;

export const serviceLinks = [
  { to: '/sherbimet/mirembajtja', label: 'Mirëmbajtja' },
  { to: '/sherbimet/telefona', label: 'Pjesë telefonash' },
  { to: '/sherbimet/playstation', label: 'Pjesë PlayStation' },
  { to: '/sherbimet/servisi', label: 'Servisi' },
  { to: '/sherbimet/asistenca', label: 'Asistenca mobile' },
] as const;
