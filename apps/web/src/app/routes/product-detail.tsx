import { useState } from 'react';
import { metaSummary } from '@shop/shared/domain/seo';
import { Link, useParams, useSearchParams } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice, formatWholePrice } from '@shop/shared/domain/money';
import { orderLimits } from '@shop/shared/domain/orders';
import { paymentNote } from '@shop/shared/domain/payments';
import { deliveryNote } from '@shop/shared/domain/shop';
import type { ProductListItem } from '@shop/shared/schemas/product';
import type { CheckoutSettings } from '@shop/shared/schemas/order';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageShell } from '../../components/ui/page-shell';
import { RatingSummary } from '../../components/ui/stars';
import { useProduct, useRelatedProducts } from '../../features/products/api/products-api';
import { AddToCartButton } from '../../features/products/components/add-to-cart-button';
import { Price } from '../../features/products/components/price';
import { ProductGallery } from '../../features/products/components/product-gallery';
import { VariantPicker } from '../../features/products/components/variant-picker';
import { hasOptions, variantFromAddress, variantOf } from '../../features/products/lib/variants';
import { orderedSpecs } from '@shop/shared/domain/catalogue';
import { ProductMiniCard } from '../../features/products/components/product-mini-card';
import { useCheckoutSettings } from '../../features/cart/api/checkout-settings';
import { QuantityInput } from '../../features/cart/components/quantity-input';
import { ProductReviews } from '../../features/reviews/components/product-reviews';
import { breadcrumbCategory, productPath } from '@shop/shared/domain/routes';
import { OrderByChat } from '../../components/order-by-chat';
import { ListFailed, LoadingNote } from '../../components/ui/query-state';
import '../../features/products/products.css';

const NOT_FOUND = 'Produkt jo i gjetur';

/** 'Dërgesa 1-2 ditë pune në gjithë Kosovën', with the shop's fee and free-delivery threshold once known. */
function deliveryLine(settings: CheckoutSettings | undefined): string {
  if (!settings) return deliveryNote();
  const fee = settings.deliveryFee > 0 ? formatPrice(settings.deliveryFee) : 'falas';
  const free =
    settings.freeDeliveryFrom !== null && settings.deliveryFee > 0 ? `, falas nga ${formatPrice(settings.freeDeliveryFrom)}` : '';
  return `${deliveryNote()} (${fee}${free}); marrje falas në dyqan`;
}

/** One row of cards under the product (related products, matching accessories); nothing when empty. */
function CardRow({ id, title, items }: { id: string; title: string; items: ProductListItem[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <section className="detail-row" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="mini-grid">
        {items.map((p) => (
          <ProductMiniCard key={p.id} product={p} />
        ))}
      </div>
    </section>
  );
}

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, refetch } = useProduct(id);
  const related = useRelatedProducts(id);
  const settings = useCheckoutSettings();
  const qc = useQueryClient();
  const [quantity, setQuantity] = useState(1);
  const [params, setParams] = useSearchParams();
  // Values chosen that make no variant (kept here, the address keeps the last variant chosen).
  const [picked, setPicked] = useState<{ values: string[]; from: number } | null>(null);

  if (isPending) {
    return (
      <PageShell title="Produkti" heading={null}>
        <LoadingNote text="Duke ngarkuar produktin..." />
      </PageShell>
    );
  }
  if (product === null) {
    return (
      <PageShell title={NOT_FOUND} heading={null} description="Produkti që kërkuat nuk ekziston ose është hequr nga dyqani.">
        <div className="not-found">
          <h1 className="page-title">{NOT_FOUND}</h1>
          <p className="muted">Produkti mund të jetë hequr ose adresa nuk është e saktë.</p>
          <Link to="/products" className="btn btn-primary">
            Shiko të gjitha produktet
          </Link>
        </div>
      </PageShell>
    );
  }
  if (!product) {
    return (
      <PageShell title="Produkti" heading={null}>
        <ListFailed onRetry={() => void refetch()} />
      </PageShell>
    );
  }

  const crumb = breadcrumbCategory(product);
  const specs = orderedSpecs(product.specs);
  // With options (decision 039): the variant the address names (else the default), or the values
  // the shopper chose that make no variant. Read from the address on the server too, so the
  // hydrated page is the same. An old id (before the seed grouped phones) opens the variant it
  // meant unless the address names one.
  const withOptions = hasOptions(product);
  const variantParam = params.get('variant') ?? (product.selectedVariantId === undefined ? null : String(product.selectedVariantId));
  const addressed = withOptions ? variantFromAddress(product.variants!, variantParam) : undefined;
  const chosenValues = picked && addressed && picked.from === addressed.id ? picked.values : (addressed?.values ?? []);
  const variant = withOptions ? variantOf(product.variants!, chosenValues) : undefined;
  const missing = withOptions && !variant;
  const choose = (index: number, value: string) => {
    const values = chosenValues.map((v, i) => (i === index ? value : v));
    const next = variantOf(product.variants!, values);
    if (next) {
      setPicked(null);
      // Replace: choosing a colour is not a new page for the back button.
      if (next.id !== addressed?.id) {
        setParams(
          (current) => {
            current.set('variant', String(next.id));
            return current;
          },
          { replace: true },
        );
      }
    } else setPicked({ values, from: addressed!.id });
  };
  const shown = {
    price: variant?.price ?? addressed?.price ?? product.price,
    oldPrice: variant ? variant.oldPrice : (addressed?.oldPrice ?? product.oldPrice),
    stock: missing ? ({ status: 'out-of-stock', left: 0 } as const) : (variant?.stock ?? product.stock),
    sku: variant ? variant.sku : withOptions ? null : product.sku,
    gallery: variant && variant.gallery.length > 0 ? variant.gallery : product.gallery,
  };
  const soldOut = shown.stock.status === 'out-of-stock';
  const cartProduct = variant
    ? {
        ...product,
        price: variant.price,
        oldPrice: variant.oldPrice,
        image: variant.gallery[0]?.src ?? product.image,
        variantId: variant.id,
        variant: variant.title,
        sku: variant.sku,
      }
    : product;
  // No more than the shelf holds (shown exactly only when low), the shop's per-line cap, and 99.
  const max = Math.max(
    1,
    Math.min(orderLimits.maxQuantity, settings.data?.maxPerLine ?? orderLimits.maxQuantity, shown.stock.left ?? orderLimits.maxQuantity),
  );
  const qty = Math.min(quantity, max);
  // A new review changes the product's average and count: read them again.
  const reviewSaved = () => void qc.invalidateQueries({ queryKey: ['products'] });
  return (
    <PageShell title={product.name} heading={null} description={metaSummary(product.description)}>
      <Breadcrumb items={[{ label: 'Ballina', to: '/' }, crumb, { label: product.name }]} />
      <div className="product-detail">
        <ProductGallery key={variant?.id ?? 'product'} gallery={shown.gallery} name={product.name} />
        <div className="detail-info">
          <h1>{product.name}</h1>
          <RatingSummary average={product.rating} count={product.reviewCount} />
          <p className="detail-desc">{product.description}</p>
          {missing ? (
            // A combination the shop does not sell has no price (decision 039): no last variant's
            // figure that would mislead, only the range the product's variants come in.
            <p className="price-row price-lg price-missing">
              <span className="price">Nuk ofrohet</span>
              {product.priceFrom !== undefined && product.priceTo !== undefined && (
                <span className="price-span">
                  {product.priceFrom < product.priceTo
                    ? `Variantet: nga ${formatWholePrice(product.priceFrom)} deri ${formatWholePrice(product.priceTo)}`
                    : `Variantet: ${formatWholePrice(product.priceFrom)}`}
                </span>
              )}
            </p>
          ) : (
            <Price price={shown.price} oldPrice={shown.oldPrice} size="lg" />
          )}
          {withOptions && <VariantPicker options={product.options!} variants={product.variants!} chosen={chosenValues} onChoose={choose} />}
          <dl className="detail-meta">
            <dt>Marka</dt>
            <dd>{product.brand || '-'}</dd>
            <dt>SKU</dt>
            <dd>{shown.sku || '-'}</dd>
          </dl>
          <div className="detail-buy">
            {!soldOut && (
              <div className="detail-qty">
                <span className="detail-qty-label" aria-hidden="true">
                  Sasia
                </span>
                <QuantityInput name={product.name} value={qty} max={max} onChange={setQuantity} />
              </div>
            )}
            <AddToCartButton
              product={cartProduct}
              stock={shown.stock}
              quantity={qty}
              className="btn btn-primary"
              unavailable={missing ? `Ky kombinim (${chosenValues.join(' / ')}) nuk ofrohet. Zgjidhni një tjetër.` : undefined}
            />
          </div>
          {!soldOut && !missing && (
            <OrderByChat
              lines={[
                {
                  name: product.name,
                  variant: variant?.title || null,
                  quantity: qty,
                  price: shown.price,
                  path: `${productPath(product.id)}${variant ? `?variant=${variant.id}` : ''}`,
                },
              ]}
            />
          )}
          <ul className="detail-perks">
            {product.specs.Garancia && <li>Garanci {product.specs.Garancia}</li>}
            <li>Kthim brenda 14 ditëve nëse produkti është i papërdorur</li>
            <li data-testid="delivery-note">{deliveryLine(settings.data)}</li>
            <li data-testid="payment-note">{paymentNote()}</li>
          </ul>
        </div>
      </div>
      {specs.length > 0 && (
        <section className="specs" aria-labelledby="specs-title">
          <h2 id="specs-title">Specifikimet</h2>
          <div className="table-wrap">
            <table className="table">
              <tbody>
                {specs.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <ProductReviews productId={product.id} onSaved={reviewSaved} />
      <CardRow id="accessories-title" title="Aksesorë që i përshtaten" items={related.data?.accessories} />
      <CardRow id="related-title" title="Produkte të ngjashme" items={related.data?.related} />
    </PageShell>
  );
}
