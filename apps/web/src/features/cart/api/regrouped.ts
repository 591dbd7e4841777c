import { productIdKey } from '@shop/shared/domain/catalogue';
import { toCents } from '@shop/shared/domain/money';
import type { Product } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { cart, lineKey, type CartChange } from '../../../lib/cart-store';

/**
 * Lines whose product id the shop's list no longer has. An id from before the seed grouped phones
 * that differ only in storage (issue 27: a cart saved in this browser before) still answers
 * `GET /api/products/{id}`, with the product it went into and the variant it meant
 * (`selectedVariantId`): such a line moves there, keeping its quantity (a new price is told as a
 * change). Returns the ids that are really gone (their lines are dropped by the caller) and the
 * changes made.
 */
export async function moveRegroupedLines(ids: readonly string[]): Promise<{ gone: string[]; changes: CartChange[] }> {
  const gone: string[] = [];
  const changes: CartChange[] = [];
  for (const id of ids) {
    const product = await api<Product>(`/api/products/${encodeURIComponent(id)}`, { auth: false }).catch(() => null);
    const line = cart.get().find((l) => productIdKey(l.id) === productIdKey(id));
    if (!line) continue;
    if (!product || typeof product.id !== 'string' || productIdKey(product.id) === productIdKey(id)) {
      gone.push(id);
      continue;
    }
    const variant = product.variants?.find((v) => v.id === product.selectedVariantId);
    const price = variant?.price ?? product.price;
    if (toCents(price) !== toCents(line.price)) {
      changes.push({ kind: 'price', id: product.id, name: product.name, oldPrice: line.price, newPrice: price });
    }
    cart.remove(lineKey(line));
    cart.add(
      {
        id: product.id,
        name: product.name,
        price,
        image: product.image,
        category: product.category,
        ...(variant && !variant.isDefault ? { variantId: variant.id, variant: variant.title, sku: variant.sku } : {}),
      },
      line.quantity,
    );
  }
  return { gone, changes };
}
