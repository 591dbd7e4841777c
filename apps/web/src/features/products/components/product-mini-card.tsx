import { Link } from '../../../lib/router';
import type { ProductListItem } from '@shop/shared/schemas/product';
import { RatingSummary } from '../../../components/ui/stars';
import { Price } from './price';
import { ProductImage } from './product-image';

/**
 * A small card for the rows under a product (related products, matching accessories): picture,
 * name, rating and today's price (the old one is on the product's own page), one link to it. No cart button of its own, so the page's
 * one 'Shto në Shportë' is the product's.
 */
export function ProductMiniCard({ product }: { product: ProductListItem }) {
  return (
    <article className="mini-card">
      <Link to={`/products/${product.id}`} className="mini-card-link">
        <ProductImage src={product.image} alt="" width={160} height={160} loading="lazy" />
        <h3 className="mini-card-name">{product.name}</h3>
      </Link>
      <RatingSummary average={product.rating} count={product.reviewCount} size={13} />
      <Price price={product.price} />
    </article>
  );
}
