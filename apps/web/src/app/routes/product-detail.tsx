import { metaSummary } from '@shop/shared/domain/seo';
import { Link, useParams } from 'react-router';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { PageShell } from '../../components/ui/page-shell';
import { useProduct } from '../../features/products/api/products-api';
import { AddToCartButton } from '../../features/products/components/add-to-cart-button';
import { Price } from '../../features/products/components/price';
import { ProductGallery } from '../../features/products/components/product-gallery';
import { StarRating } from '../../features/products/components/star-rating';
import { orderedSpecs } from '@shop/shared/domain/catalogue';
import { breadcrumbCategory } from '@shop/shared/domain/routes';
import { LoadError, LoadingNote } from '../../components/ui/query-state';
import '../../features/products/products.css';

const NOT_FOUND = 'Produkt jo i gjetur';

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, refetch } = useProduct(id);

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
        <LoadError text="Produkti nuk u ngarkua." onRetry={() => void refetch()} />
      </PageShell>
    );
  }

  const crumb = breadcrumbCategory(product);
  const specs = orderedSpecs(product.specs);
  return (
    <PageShell title={product.name} heading={null} description={metaSummary(product.description)}>
      <Breadcrumb items={[{ label: 'Ballina', to: '/' }, crumb, { label: product.name }]} />
      <div className="product-detail">
        <ProductGallery gallery={product.gallery} name={product.name} />
        <div className="detail-info">
          <h1>{product.name}</h1>
          <StarRating rating={product.rating} />
          <p className="detail-desc">{product.description}</p>
          <Price price={product.price} oldPrice={product.oldPrice} size="lg" />
          <dl className="detail-meta">
            <dt>Marka</dt>
            <dd>{product.brand || '-'}</dd>
            <dt>SKU</dt>
            <dd>{product.sku || '-'}</dd>
          </dl>
          <AddToCartButton product={product} stock={product.stock} className="btn btn-primary" />
          <ul className="detail-perks">
            {product.specs.Garancia && <li>Garanci {product.specs.Garancia}</li>}
            <li>Kthim brenda 14 ditëve nëse produkti është i papërdorur</li>
            <li>Pagesë me para në dorë: në dyqan ose korrierit në dorëzim</li>
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
    </PageShell>
  );
}
