import type { ListQuery } from '@shop/shared/domain/admin-lists';
import type { AdminProductPage, AdminUserPage, WarrantyPage } from '@shop/shared/schemas/admin-lists';
import type { DbOrTx } from '../db/client';
import {
  searchAdminProducts,
  searchAdminUsers,
  searchSheets,
  type ProductSort,
  type UserSort,
  type WarrantySort,
} from '../repositories/admin-lists';
import { toAdminProduct } from '../repositories/admin-products';
import { withPhotosAll } from '../repositories/products';
import { toAdminUser } from '../repositories/admin-users';
import { toSheet } from '../repositories/warranty';

/** The admin's paged lists (decision 021): one page of the search in the asked order, and the number of all matches. */
export async function productPage(db: DbOrTx, f: ListQuery<ProductSort>): Promise<AdminProductPage> {
  const { rows, total } = await searchAdminProducts(db, f);
  const items = (await withPhotosAll(db, rows)).map((row) => ({
    ...toAdminProduct(row),
    variantCount: row.variantCount,
    lowStockVariants: row.lowStockVariants,
  }));
  return { items, total, page: f.page, pageSize: f.pageSize };
}

export async function userPage(db: DbOrTx, f: ListQuery<UserSort>): Promise<AdminUserPage> {
  const { rows, total } = await searchAdminUsers(db, f);
  return { items: rows.map(toAdminUser), total, page: f.page, pageSize: f.pageSize };
}

export async function warrantyPage(db: DbOrTx, f: ListQuery<WarrantySort>): Promise<WarrantyPage> {
  const { rows, total } = await searchSheets(db, f);
  return { items: rows.map(toSheet), total, page: f.page, pageSize: f.pageSize };
}
