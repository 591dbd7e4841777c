import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { listSorts } from '@shop/shared/domain/admin-lists';
import { listsMsg } from '@shop/shared/messages-lists';
import { adminMsg } from '@shop/shared/messages-admin';
import { LOW_STOCK_AT } from '@shop/shared/domain/orders';
import type { AdminProduct, AdminProductBody } from '@shop/shared/schemas/admin';
import type { AdminProductListItem } from '@shop/shared/schemas/admin-lists';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import { categoryLabels, FALLBACK_IMAGE } from '@shop/shared/domain/catalogue';
import { formatPrice } from '@shop/shared/domain/money';
import { useCreateProduct, useDeleteProduct, useUpdateProduct } from '../api/admin-products';
import { useAdminProductPage, type ListFilters } from '../../../lib/admin-list-queries';
import { Pager } from '../../../components/ui/pager';
import { ListControls } from '../../../components/ui/list-controls';
import { readListQuery, useListParams } from '../../../lib/use-list-params';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ProductForm } from './product-form';
import { PhotoManager } from './photo-manager';
import { VariantsSection } from './variants-editor';
import { figuresOf, type VariantFigures } from '../lib/variant-drafts';
import { CatalogueCsv } from './catalogue-csv';
import { photoMsg } from '@shop/shared/messages-photos';
import { ActionMessage } from '../../../components/admin/action-message';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { AdminTable, DeleteButton, RowActions } from '../../../components/admin/admin-table';

/** A product opened for editing: from the list (with its variants' count) or just created. */
type EditedProduct = AdminProduct & { variantCount?: number };
type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; product: EditedProduct };
type ProductFilters = ListFilters<(typeof listSorts.products)[number]>;

const readFilters = (params: URLSearchParams): ProductFilters => readListQuery(params, listSorts.products);

/**
 * product.md §2.9 products: the list, add mode and edit mode, delete after 'Fshije kete produkt?'.
 * The list is searched, sorted and paged on the server, with all three in the address (decision 021).
 */
export function ProductsAdmin() {
  const { filters, update: updateList } = useListParams<ProductFilters, 'q' | 'sort' | 'dir'>(readFilters);
  const products = useAdminProductPage(filters);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const note = useActionMessage();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  // The photos of the product being edited, as its photo panel has them (the 'Variantet' section's colours read them).
  const [photos, setPhotos] = useState<AdminPhoto[]>([]);
  const editedId = mode.kind === 'edit' ? mode.product.id : null;
  // Its variants' figures once saved in 'Variantet' (the form then shows and sends those).
  const [figures, setFigures] = useState<VariantFigures | undefined>(undefined);
  useEffect(() => {
    if (mode.kind === 'edit') setPhotos(mode.product.photos);
    const p = mode.kind === 'edit' ? mode.product : undefined;
    setFigures(p && (p.variantCount ?? 1) > 1 ? { price: p.price, oldPrice: p.oldPrice, stock: p.stock, perVariant: true } : undefined);
    // Only when another product opens: the panel reports every change after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editedId]);
  const addButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  const [params, setParams] = useSearchParams();

  // '?edit={id}' (the dashboard's low-stock links) opens that product's form once it is found.
  const editId = params.get('edit');
  const wanted = useAdminProductPage({ page: 1, q: editId ?? undefined }, editId !== null);
  useEffect(() => {
    if (!editId || !wanted.data || wanted.isPlaceholderData) return;
    const product = wanted.data.items.find((p) => p.id === editId);
    if (product) setMode({ kind: 'edit', product });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [editId, wanted.data, wanted.isPlaceholderData, setParams]);

  // When the form closes, the keyboard user lands back on the "add" button, not on the page's top.
  useEffect(() => {
    if (mode.kind === 'list' && formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = mode.kind !== 'list';
  }, [mode]);

  const shown = products.data?.items ?? [];
  const pages = products.data ? Math.max(1, Math.ceil(products.data.total / products.data.pageSize)) : 1;

  const open = (next: Mode) => {
    note.clear();
    setMode(next);
  };

  // After adding, the new product's form stays open for its photos and 'Variantet' (issue 27).
  const add = async (body: AdminProductBody) => {
    try {
      const product = await create.mutateAsync(body);
      note.success(`${adminMsg.productAdded} Tani mund t’i shtoni fotot dhe variantet.`);
      setMode({ kind: 'edit', product });
    } catch (err) {
      note.failure(err);
      throw err;
    }
  };

  const save = (product: AdminProduct) => async (body: AdminProductBody) => {
    try {
      await update.mutateAsync({ id: product.id, body });
      note.success(adminMsg.productSaved);
      setMode({ kind: 'list' });
    } catch (err) {
      note.failure(err);
      throw err;
    }
  };

  const del = (product: AdminProduct) => {
    if (!window.confirm(adminMsg.confirmDeleteProduct)) return;
    note.clear();
    remove.mutate(product.id, {
      onSuccess: () => {
        note.success(`${adminMsg.productDeleted} (${product.name})`);
        if (mode.kind === 'edit' && mode.product.id === product.id) setMode({ kind: 'list' });
      },
      onError: (err) => note.failure(err),
    });
  };

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">Produktet</h1>
        <div className="admin-head-actions">
          {mode.kind !== 'add' && (
            <button ref={addButton} type="button" className="btn btn-primary" onClick={() => open({ kind: 'add' })}>
              + Shto produkt
            </button>
          )}
          <Link to="/add-product" className="btn btn-ghost">
            Forma e veçantë
          </Link>
          {/* Decision 050: scheduled sale prices, reached from the products (no menu entry of its own). */}
          <Link to="/admin/ulje-me-afat" className="btn btn-ghost">
            Ulje me afat
          </Link>
        </div>
      </div>

      <ActionMessage message={note.message} onDismiss={note.clear} />

      {/* The catalogue's CSV export and import with a dry run (issue 27). */}
      {mode.kind === 'list' && <CatalogueCsv />}

      {mode.kind === 'add' && (
        <section className="card admin-form-card" aria-labelledby="product-form-title">
          <h2 id="product-form-title">Produkt i ri</h2>
          <ProductForm mode="add" onSubmit={add} onCancel={() => open({ kind: 'list' })} busy={create.isPending} autoFocus>
            <p className="muted photo-save-first">{photoMsg.saveFirst}</p>
          </ProductForm>
        </section>
      )}
      {mode.kind === 'edit' && (
        <section className="card admin-form-card" aria-labelledby="product-form-title">
          <h2 id="product-form-title">Ndrysho: {mode.product.name}</h2>
          <ProductForm
            key={mode.product.id}
            mode="edit"
            initial={mode.product}
            onSubmit={save(mode.product)}
            onCancel={() => open({ kind: 'list' })}
            busy={update.isPending}
            autoFocus
            variantFigures={figures}
          >
            <PhotoManager productId={mode.product.id} initial={mode.product.photos} onChange={setPhotos} />
          </ProductForm>
          <VariantsSection
            key={mode.product.id}
            product={mode.product}
            photos={photos}
            onSaved={(answer) => setFigures(figuresOf(answer))}
          />
        </section>
      )}

      <QueryState {...adminQueryStates} isPending={products.isPending} error={products.error} onRetry={() => void products.refetch()}>
        <ListControls
          id="products"
          searchLabel={listsMsg.productsSearchLabel}
          placeholder={listsMsg.productsSearchPlaceholder}
          q={filters.q}
          onSearch={(q) => updateList({ q })}
          sorts={listSorts.products}
          sort={filters.sort}
          dir={filters.dir}
          onSort={(sort, dir) => updateList({ sort, dir })}
        />
        <p className="muted" aria-live="polite">
          {listsMsg.productsCount(products.data?.total ?? 0)}
        </p>
        <div aria-busy={products.isFetching}>
          <AdminTable
            caption="Lista e produkteve"
            className="admin-products-table"
            columns={[
              'Foto',
              'Emri',
              'Kategoria',
              { label: 'Çmimi', className: 'num' },
              { label: adminMsg.stockLabel, className: 'num' },
              'Veprime',
            ]}
            isEmpty={shown.length === 0}
            emptyText={filters.q ? listsMsg.productsNoMatch : adminMsg.noProducts}
          >
            {shown.map((p) => (
              <tr key={p.id}>
                <td data-label="Foto" className="col-photo">
                  <img
                    className="admin-thumb"
                    src={p.image}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    onError={(e) => {
                      if (!e.currentTarget.src.endsWith(FALLBACK_IMAGE)) e.currentTarget.src = FALLBACK_IMAGE;
                    }}
                  />
                </td>
                <td data-label="Emri" className="col-name">
                  <div>
                    <span className="admin-product-name">{p.name}</span>
                    <span className="admin-sub">{p.id}</span>
                  </div>
                </td>
                <td data-label="Kategoria" className="col-category">
                  {categoryLabels[p.category] ?? p.category}
                </td>
                <td data-label="Çmimi" className="num col-price">
                  {formatPrice(p.price)}
                </td>
                <td data-label={adminMsg.stockLabel} className="num col-stock">
                  {/* On a phone the row is a card without the column's heading: the figure says what it is. */}
                  <span className="admin-card-label">{adminMsg.stockLabel}: </span>
                  {p.stock === null ? (
                    <span className="muted">{adminMsg.unlimited}</span>
                  ) : (
                    <span className={p.stock <= LOW_STOCK_AT ? 'stock-low' : undefined}>{p.stock}</span>
                  )}
                  <LowVariants product={p} />
                </td>
                <td data-label="Veprime" className="col-actions">
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      onClick={() => open({ kind: 'edit', product: p })}
                      aria-label={`Ndrysho ${p.name}`}
                    >
                      Ndrysho
                    </button>
                    <DeleteButton name={p.name} onClick={() => del(p)} disabled={remove.isPending && remove.variables === p.id} />
                  </RowActions>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
        {products.data && pages > 1 && (
          <Pager label={listsMsg.productsPager} page={filters.page} pages={pages} onPage={(n) => updateList({ page: String(n) })} />
        )}
      </QueryState>
    </>
  );
}

/** The list's badge for a product with options: how many variants are at or below LOW_STOCK_AT, named in its title. */
function LowVariants({ product }: { product: AdminProductListItem }) {
  const low = product.lowStockVariants;
  if (product.variantCount <= 1 || low.length === 0) return null;
  const names = low.join(', ');
  return (
    <span className="badge-pill variant-low-badge" title={`Pak stok (${LOW_STOCK_AT} ose më pak): ${names}`}>
      {low.length} {low.length === 1 ? 'variant' : 'variante'} pak stok
      <span className="visually-hidden">: {names}</span>
    </span>
  );
}
