import type { ReactNode } from 'react';
import { TableHead, type TableColumn } from '../ui/table';

/**
 * An admin list: the empty text when there is nothing to list, else the table with its hidden
 * caption, its head and the rows (which stack as cards on a phone, see admin.css).
 */
export function AdminTable({
  caption,
  columns,
  className,
  isEmpty,
  emptyText,
  children,
}: {
  caption: string;
  columns: readonly TableColumn[];
  className?: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (isEmpty) return <p className="empty-state">{emptyText}</p>;
  return (
    <div className="table-wrap admin-table-wrap">
      <table className={className ? `table admin-table ${className}` : 'table admin-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The action buttons of an admin row. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="admin-actions">{children}</div>;
}

/** 'Fshi' for one row; the caller asks for confirmation. */
export function DeleteButton({ name, onClick, disabled }: { name: string; onClick: () => void; disabled: boolean }) {
  return (
    <button type="button" className="btn btn-sm admin-danger-outline" onClick={onClick} disabled={disabled} aria-label={`Fshi ${name}`}>
      Fshi
    </button>
  );
}
