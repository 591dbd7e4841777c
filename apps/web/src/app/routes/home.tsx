import { useDocumentTitle } from '../../lib/use-document-title';
import { Hero } from '../../features/home/components/hero';
import { Perks } from '../../features/home/components/perks';
import { Testimonials } from '../../features/home/components/testimonials';
import { HomeCatalogue } from '../../features/products/components/home-catalogue';
import { ServicesOverview } from '../../features/services/components/services-overview';

export default function HomePage() {
  useDocumentTitle(
    'Telefona, aksesorë dhe servis në Kosovë',
    'MobileShop KS: iPhone, Samsung, ora inteligjente, kufje, mbrojtëse dhe karta dhuratë me garanci 12 muaj, si dhe servis dhe asistencë për telefonin tuaj.',
  );
  return (
    <div className="home">
      <Hero />
      <Perks />
      <HomeCatalogue />
      <Testimonials />
      <div className="home-section">
        <ServicesOverview heading="Sherbimet qe ofrojme" />
      </div>
    </div>
  );
}
