import { Link } from '../../lib/router';
import { PageShell } from '../../components/ui/page-shell';
import { AddToCartButton } from '../../features/products/components/add-to-cart-button';
import { Price } from '../../features/products/components/price';
import { ProductImage } from '../../features/products/components/product-image';
import { ServerProducts } from '../../features/products/components/server-products';
import '../../features/products/products.css';

/** The simple list of the server's products (product.md §2.1: /products-list). */
export default function ProductsListPage() {
  return (
    <PageShell title="Lista e produkteve" description="Lista e thjeshtë e të gjitha produkteve të MobileShop KS me çmimet në euro.">
      <ServerProducts>
        {(items) => (
          <ul className="product-rows">
            {items.map((p) => (
              <li key={p.id} className="product-row">
                <ProductImage src={p.image} alt="" width={72} height={72} loading="lazy" />
                <h2>
                  <Link to={`/products/${p.id}`}>{p.name}</Link>
                </h2>
                <div className="row-meta">
                  <Price price={p.price} oldPrice={p.oldPrice} style="cents" />
                  <AddToCartButton product={p} stock={p.stock} className="btn btn-primary btn-sm" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ServerProducts>
    </PageShell>
  );
}
