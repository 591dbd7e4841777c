import type { ReactNode } from 'react';

/** A column heading: its text, and a class such as 'num' for a right-aligned number. */
export type TableColumn = string | { label: string; className?: string };

/** The head row of a data table. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const { label, className } = typeof c === 'string' ? { label: c, className: undefined } : c;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A row across the whole table that says there is nothing to show. */
export function EmptyRow({ colSpan, className, children }: { colSpan: number; className?: string; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="empty-state">
        <span className={className}>{children}</span>
      </td>
    </tr>
  );
}
