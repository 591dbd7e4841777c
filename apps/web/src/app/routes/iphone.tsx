import { CataloguePage } from '../../features/products/components/catalogue-page';

export default function IphonePage() {
  return (
    <CataloguePage
      collection="iphone"
      title="iPhone"
      intro="Të gjithë modelet iPhone, nga iPhone 12 deri te iPhone 16 Pro Max, me garanci 12-mujore."
      description="Bleni iPhone në Kosovë: iPhone 16, 16 Pro, 16 Pro Max, iPhone 15 dhe modele të tjera me garanci 12 muaj në MobileShop KS."
      emptyText="S'ka produkte."
    />
  );
}
