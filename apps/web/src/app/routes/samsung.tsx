import { CataloguePage } from '../../features/products/components/catalogue-page';

export default function SamsungPage() {
  return (
    <CataloguePage
      collection="samsung"
      title="Samsung"
      intro="Samsung Galaxy S, Z dhe A: nga flamurtarët me Galaxy AI te modelet e përballueshme, me garanci 12-mujore."
      description="Bleni Samsung Galaxy në Kosovë: S25 Ultra, S25, Z Fold6, Z Flip6 dhe seria A, me garanci 12 muaj në MobileShop KS."
      emptyText="S'ka produkte."
    />
  );
}
