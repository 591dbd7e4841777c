import { Link } from '../../../lib/router';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminProductBody } from '@shop/shared/schemas/admin';
import { useCreateProduct } from '../api/admin-products';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ProductForm } from './product-form';
import { ActionMessage } from '../../../components/admin/action-message';

/** The standalone /add-product form (product.md §2.9, 8): 'Produkti u shtua!' or the server's error or 'Gabim!'. */
export function AddProductForm() {
  const create = useCreateProduct(true);
  const note = useActionMessage();
  const submit = async (body: AdminProductBody) => {
    note.clear();
    try {
      const product = await create.mutateAsync(body);
      note.success(`${adminMsg.productAdded}`);
      return product;
    } catch (err) {
      note.failure(err, adminMsg.genericError);
      throw err;
    }
  };
  return (
    <div className="card">
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <ProductForm mode="add" onSubmit={submit} resetOnSuccess busy={create.isPending} />
      <p className="muted admin-back">
        <Link to="/admin/products">Shko te lista e produkteve</Link>
      </p>
    </div>
  );
}
