import { CataloguePage } from '../../features/products/components/catalogue-page';

export default function AccessoriesPage() {
  return (
    <CataloguePage
      collection="accessories"
      title="Aksesorë"
      intro="Karikues, kabllo, power bank, mbajtëse makine dhe xhama mbrojtës nga markat që u besoni."
      description="Aksesorë për telefona në Kosovë: karikues Apple dhe Samsung, kabllo USB-C, power bank, mbajtëse makine dhe xhama mbrojtës."
      emptyText="S'ka aksesorë."
      noun={['aksesor', 'aksesorë']}
    />
  );
}
