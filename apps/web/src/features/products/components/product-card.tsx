import { Link } from '../../../lib/router';
import type { ProductListItem } from '@shop/shared/schemas/product';
import { AddToCartButton } from './add-to-cart-button';
import { discountPercent, Price, type PriceStyle } from './price';
import { ProductImage } from './product-image';
import { RatingSummary } from '../../../components/ui/stars';
import '../products.css';

/** How a card's picture loads: the first card of a catalogue is its largest early paint. */
export type CardImageLoading = 'priority' | 'eager' | 'lazy';

/** A card is a grid column: 4, 3 or 2 across at 1200 and 900 px and below (product.md §2.4, §9; decision 036). */
const CARD_SIZES = '(min-width: 1200px) 300px, (min-width: 900px) 33vw, 50vw';

/** The first card's picture first, the rest of the first row at once, the others when scrolled to. */
export const cardImageLoading = (index: number): CardImageLoading => (index === 0 ? 'priority' : index < 4 ? 'eager' : 'lazy');

/**
 * A product card: first image, name, description, prices, its colours' swatches (decision 039),
 * 'Shiko Produktin' (shown on hover and on keyboard focus) and 'Shto në Shportë' (a product with
 * options: its default variant).
 */
export function ProductCard({
  product,
  priceStyle = 'whole',
  headingLevel = 3,
  imageLoading = 'lazy',
}: {
  product: ProductListItem;
  priceStyle?: PriceStyle;
  headingLevel?: 2 | 3;
  imageLoading?: CardImageLoading;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const pct = discountPercent(product.price, product.oldPrice);
  // Variants at different prices (decision 039): the lowest, as 'nga …'.
  const ranged = product.priceFrom !== undefined && product.priceTo !== undefined && product.priceFrom < product.priceTo;
  return (
    <article className="product-card">
      <div className="product-media">
        <ProductImage
          src={product.image}
          srcSet={product.imageSrcset}
          avifSrcSet={product.imageAvifSrcset}
          sizes={CARD_SIZES}
          alt={product.name}
          loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imageLoading === 'priority' ? 'high' : undefined}
        />
        {pct !== null && (
          <span className="discount-badge" aria-hidden="true">
            -{pct}%
          </span>
        )}
        <Link to={`/products/${product.id}`} className="view-link" aria-label={`Shiko Produktin: ${product.name}`}>
          <span>Shiko Produktin</span>
        </Link>
      </div>
      <div className="product-body">
        <Heading className="product-name">{product.name}</Heading>
        <RatingSummary average={product.rating} count={product.reviewCount} size={14} />
        <p className="product-desc">{product.description}</p>
        {ranged ? (
          <Price price={product.priceFrom!} style={priceStyle} from />
        ) : (
          <Price price={product.price} oldPrice={product.oldPrice} style={priceStyle} />
        )}
        {product.colors && (
          <p className="card-swatches">
            <span className="visually-hidden">Ngjyrat: {product.colors.map((c) => c.name).join(', ')}</span>
            {product.colors.map((c) => (
              <span
                key={c.name}
                className="card-swatch"
                style={c.hex ? { background: c.hex } : undefined}
                title={c.name}
                aria-hidden="true"
              />
            ))}
          </p>
        )}
        {/* The contract's button on every card (SPEC §64): a product with options adds its default
            variant; its page chooses another (decision 039). */}
        <AddToCartButton product={product} stock={product.stock} />
      </div>
    </article>
  );
}
