import { Link } from 'react-router';
import { PageShell } from '../../components/ui/page-shell';
import { useProducts } from '../../features/products/api/products-api';
import { AddToCartButton } from '../../features/products/components/add-to-cart-button';
import { Price } from '../../features/products/components/price';
import { ProductImage } from '../../features/products/components/product-image';
import '../../features/products/products.css';

/** The simple list of the server's products (SPEC 2.1: /products-list). */
export default function ProductsListPage() {
  const { data, isPending } = useProducts();
  const items = data ?? [];
  return (
    <PageShell title="Lista e produkteve" description="Lista e thjeshtë e të gjitha produkteve të MobileShop KS me çmimet në euro.">
      {isPending ? (
        <p className="muted" role="status">
          Duke ngarkuar produktet...
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state">S&apos;ka produkte në sistem.</p>
      ) : (
        <ul className="product-rows">
          {items.map((p) => (
            <li key={p.id} className="product-row">
              <ProductImage src={p.image} alt="" width={72} height={72} loading="lazy" />
              <h2>
                <Link to={`/products/${p.id}`}>{p.name}</Link>
              </h2>
              <div className="row-meta">
                <Price price={p.price} oldPrice={p.oldPrice} style="cents" />
                <AddToCartButton product={p} className="btn btn-primary btn-sm" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
