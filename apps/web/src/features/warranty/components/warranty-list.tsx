import { useMemo, useState } from 'react';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { formatPrice } from '@shop/shared/domain/money';
import { useDeleteWarrantySheet, useWarrantySheets } from '../api/warranty-api';
import { EmptyRow, TableHead } from '../../../components/ui/table';
import '../warranty.css';

/** The 13 columns of product.md §2.9, in order. */
const warrantyColumns = [
  'ID',
  'Emri',
  'Mbiemri',
  'Telefoni',
  'Email',
  'Marka',
  'Modeli',
  'IMEI',
  'Kohezgjatja',
  'Cmimi',
  'Data',
  'Lloji Pageses',
  'Veprime',
] as const;

const searchable = (s: WarrantySheet): string[] => [
  String(s.id),
  s.emri,
  s.mbiemri,
  s.telefoni,
  s.email,
  s.marka,
  s.modeli,
  s.imei,
  s.softInfo,
  s.kohezgjatja,
  s.cmimi === null ? '' : String(s.cmimi),
  s.cmimi === null ? '' : formatPrice(s.cmimi),
  s.data,
  s.komente,
  s.llojiPageses,
];

/** Any field contains the text, ignoring case (product.md §2.9); filtering happens here, not on the server. */
export function filterSheets(sheets: readonly WarrantySheet[], query: string): WarrantySheet[] {
  const q = query.trim().toLocaleLowerCase('sq');
  if (!q) return [...sheets];
  return sheets.filter((s) => searchable(s).some((v) => v.toLocaleLowerCase('sq').includes(q)));
}

interface Props {
  /** The draft the form is completing, highlighted in the list. */
  editingId?: number | null;
  onOpenDraft(sheet: WarrantySheet): void;
  onPrint(sheet: WarrantySheet): void;
  onDeleted?(id: number): void;
}

export function WarrantyList({ editingId = null, onOpenDraft, onPrint, onDeleted }: Props) {
  const sheets = useWarrantySheets();
  const remove = useDeleteWarrantySheet();
  const [query, setQuery] = useState('');
  const [deleteError, setDeleteError] = useState(false);
  const shown = useMemo(() => filterSheets(sheets.data ?? [], query), [sheets.data, query]);

  const confirmDelete = (s: WarrantySheet) => {
    if (!window.confirm(warrantyMessages.deleteConfirm)) return;
    setDeleteError(false);
    remove.mutate(s.id, {
      onSuccess: () => onDeleted?.(s.id),
      onError: () => setDeleteError(true),
    });
  };

  return (
    <div className="w-list">
      <div className="w-list-tools">
        <label htmlFor="w-search" className="visually-hidden">
          Kërko garancione
        </label>
        <input
          id="w-search"
          type="search"
          className="input w-search"
          placeholder={warrantyMessages.searchPlaceholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        {sheets.data && (
          <span className="muted w-count" aria-live="polite">
            {shown.length} nga {sheets.data.length}
          </span>
        )}
      </div>

      {deleteError && (
        <p className="alert alert-error" role="alert">
          {warrantyMessages.deleteFailed}
        </p>
      )}

      {sheets.isLoading ? (
        <div className="w-loading" role="status">
          <span className="w-spinner" aria-hidden="true" />
          <span className="visually-hidden">Duke ngarkuar...</span>
        </div>
      ) : sheets.data ? (
        // Focusable, so the 13 columns can be scrolled sideways from the keyboard too.
        <div className="table-wrap" role="region" aria-label="Tabela e garancioneve" tabIndex={0}>
          <table className="table w-table" aria-label="Lista e garancioneve">
            <TableHead columns={warrantyColumns} />
            <tbody>
              {sheets.data.length === 0 ? (
                <EmptyRow colSpan={warrantyColumns.length} className="w-empty-text">
                  {warrantyMessages.empty}
                </EmptyRow>
              ) : shown.length === 0 ? (
                <EmptyRow colSpan={warrantyColumns.length} className="w-empty-text">
                  Asnjë garancion nuk përputhet me “{query.trim()}”.
                </EmptyRow>
              ) : (
                shown.map((s) => (
                  <tr key={s.id} className={s.id === editingId ? 'w-row-editing' : undefined}>
                    <td>
                      <span className="w-id">{s.id}</span>
                      {s.status === 'draft' && <span className="w-badge">Në pritje</span>}
                    </td>
                    <td>{s.emri}</td>
                    <td>{s.mbiemri}</td>
                    <td className="w-nowrap">{s.telefoni}</td>
                    <td>{s.email}</td>
                    <td>{s.marka}</td>
                    <td>{s.modeli}</td>
                    <td className="w-mono">{s.imei}</td>
                    <td className="w-nowrap">{s.kohezgjatja}</td>
                    <td className="w-nowrap">{s.cmimi === null ? '' : formatPrice(s.cmimi)}</td>
                    <td className="w-nowrap">{s.data.slice(0, 10)}</td>
                    <td className="w-nowrap">{s.llojiPageses}</td>
                    <td>
                      <div className="w-row-actions">
                        {s.status === 'draft' ? (
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            onClick={() => onOpenDraft(s)}
                            aria-label={`Vazhdo draftin ${s.id}`}
                          >
                            Vazhdo
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            onClick={() => onPrint(s)}
                            aria-label={`Printo garancionin ${s.id}`}
                          >
                            Printo
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          onClick={() => confirmDelete(s)}
                          disabled={remove.isPending && remove.variables === s.id}
                          aria-label={`Fshi garancionin ${s.id}`}
                        >
                          Fshi
                        </button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
