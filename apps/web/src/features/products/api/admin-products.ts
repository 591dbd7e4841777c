import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductBody } from '@shop/shared/schemas/admin';
import type { AdminPhotosAnswer } from '@shop/shared/schemas/photos';
import type { AdminVariants, VariantsBody } from '@shop/shared/schemas/variants';
import { api } from '../../../lib/api-client';

const adminProductsKey = ['admin', 'products'] as const;

const fetchAdminProducts = () => api<AdminProduct[]>('/api/admin/products');
const createAdminProduct = (body: AdminProductBody) => api<AdminProduct>('/api/admin/products', { method: 'POST', body });
/** The standalone add-product form's call (product.md §7: POST /api/products, with category). */
const createProduct = (body: AdminProductBody) => api<AdminProduct>('/api/products', { method: 'POST', body });
const updateAdminProduct = (id: string, body: AdminProductBody) =>
  api<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}`, { method: 'PUT', body });
const deleteAdminProduct = (id: string) =>
  api<{ message: string; id: string }>(`/api/admin/products/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useAdminProducts = () => useQuery({ queryKey: adminProductsKey, queryFn: fetchAdminProducts, staleTime: 0 });

/** After any product change the admin list, the stats and every storefront list are out of date. */
function useRefreshProducts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
}

export function useCreateProduct(standalone = false) {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: standalone ? createProduct : createAdminProduct, onSuccess: refresh });
}

export function useUpdateProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminProductBody }) => updateAdminProduct(id, body),
    onSuccess: refresh,
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: deleteAdminProduct, onSuccess: refresh });
}

// --- Photos (issue 17) --------------------------------------------------------------------------

const productPhotosPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}/images`;

/** Sends the files as multipart form data (field "photos"); the server checks each by its content. */
const uploadPhotos = ({ id, files }: { id: string; files: File[] }) => {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  return api<AdminPhotosAnswer>(productPhotosPath(id), { method: 'POST', body: form });
};
const reorderPhotos = ({ id, order }: { id: string; order: number[] }) =>
  api<AdminPhotosAnswer>(productPhotosPath(id), { method: 'PUT', body: { order } });
const removePhoto = (photoId: number) => api<AdminPhotosAnswer>(`/api/admin/images/${photoId}`, { method: 'DELETE' });

export function usePhotoChanges() {
  const refresh = useRefreshProducts();
  return {
    upload: useMutation({ mutationFn: uploadPhotos, onSuccess: refresh }),
    reorder: useMutation({ mutationFn: reorderPhotos, onSuccess: refresh }),
    remove: useMutation({ mutationFn: removePhoto, onSuccess: refresh }),
  };
}

// --- Options and variants (issue 27, decision 039) ----------------------------------------------

const variantsPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}/variants`;
const variantsKey = (id: string) => ['admin', 'variants', id] as const;

/** A product's options and variants as staff edit them (barcode, units and photo ids too). */
export const useAdminVariants = (id: string) =>
  useQuery({ queryKey: variantsKey(id), queryFn: () => api<AdminVariants>(variantsPath(id)), staleTime: 0 });

/** Replaces the product's options and variants (the whole list); every list and page is then out of date. */
export function useSaveVariants() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VariantsBody }) => api<AdminVariants>(variantsPath(id), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}
