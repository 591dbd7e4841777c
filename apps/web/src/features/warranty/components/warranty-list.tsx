import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { mayDeleteWarranty } from '@shop/shared/domain/permissions';
import { useSession } from '../../../lib/session';
import { newRepairPath } from '@shop/shared/domain/routes';
import { repairScreenMessages as rt } from '@shop/shared/messages-repairs';
import { listSorts } from '@shop/shared/domain/admin-lists';
import { SortControls } from '../../../components/ui/list-controls';
import { filterSheets as filterRule } from '@shop/shared/domain/warranty-filter';
import { listsMsg } from '@shop/shared/messages-lists';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { formatPrice } from '@shop/shared/domain/money';
import { todayInShop } from '@shop/shared/domain/time';
import { warrantyEndDate, warrantyState, warrantyStateLabels } from '@shop/shared/domain/warranty';
import { useDeleteWarrantySheet, useWarrantyPage, type WarrantyListFilters } from '../api/warranty-api';
import { Pager } from '../../../components/ui/pager';
import { readListQuery, useListParams } from '../../../lib/use-list-params';
import { EmptyRow, TableHead } from '../../../components/ui/table';
import { EmailAddress } from '../../../components/ui/email-address';
import { useMediaQuery } from '../../../lib/use-media-query';
import '../warranty.css';

/** Below this width the list is a column of cards, one per sheet, instead of the table. */
const PHONE_QUERY = '(max-width: 699px)';

/** A sheet's date as the list shows it: the first 10 characters (product.md §2.9). */
const day = (s: WarrantySheet) => s.data.slice(0, 10);

/**
 * The 13 fields of product.md §2.9 in order ('Veprime', the 13th column, is the buttons), then
 * the sheet's state. Each has its label (the column's heading, the card's label) and its cell.
 */
const warrantyFields: readonly { label: string; className?: string; cell(s: WarrantySheet, today: string): ReactNode }[] = [
  { label: 'ID', className: 'w-id', cell: (s) => s.id },
  { label: 'Emri', className: 'w-name', cell: (s) => s.emri },
  { label: 'Mbiemri', className: 'w-name', cell: (s) => s.mbiemri },
  { label: 'Telefoni', className: 'w-phone', cell: (s) => s.telefoni },
  { label: 'Email', className: 'w-email', cell: (s) => s.email && <EmailAddress email={s.email} /> },
  { label: 'Marka', cell: (s) => s.marka },
  { label: 'Modeli', className: 'w-model', cell: (s) => s.modeli },
  { label: 'IMEI', className: 'w-mono w-imei', cell: (s) => s.imei && <Imei imei={s.imei} /> },
  { label: 'Kohezgjatja', className: 'w-duration', cell: (s) => s.kohezgjatja && <Duration sheet={s} /> },
  { label: 'Cmimi', className: 'w-nowrap', cell: (s) => (s.cmimi === null ? '' : formatPrice(s.cmimi)) },
  { label: 'Data', className: 'w-nowrap', cell: day },
  { label: 'Lloji Pageses', cell: (s) => s.llojiPageses },
  { label: 'Statusi', cell: (s, today) => <SheetState sheet={s} today={today} /> },
];

/** The table's headings: the fields, then 'Veprime'. */
const warrantyColumns = [...warrantyFields.map((f) => f.label), 'Veprime'];

/** A sheet's state in words and colour: 'Aktive' or 'Skaduar', or 'Në pritje' for a draft (no warranty yet). */
function SheetState({ sheet, today }: { sheet: WarrantySheet; today: string }) {
  if (sheet.status === 'draft') return <span className="w-badge w-badge-draft">Në pritje</span>;
  const state = warrantyState(sheet, today);
  return state && <span className={`w-badge w-badge-${state}`}>{warrantyStateLabels[state]}</span>;
}

/** The IMEI's first 8 digits (the type code) and the rest: in a narrow column it breaks there, nowhere else. */
function Imei({ imei }: { imei: string }) {
  if (imei.length <= 8) return imei;
  return (
    <>
      {imei.slice(0, 8)}
      <wbr />
      {imei.slice(8)}
    </>
  );
}

/** The duration, and for a printed sheet the last day it covers, which decides its state. */
function Duration({ sheet }: { sheet: WarrantySheet }) {
  const end = sheet.status === 'printed' ? warrantyEndDate(sheet.data, sheet.kohezgjatja) : null;
  return (
    <>
      {sheet.kohezgjatja}
      {end && (
        <>
          {' '}
          <span className="w-end-date">
            deri <span className="w-day">{end}</span>
          </span>
        </>
      )}
    </>
  );
}

/** Any field contains the text, ignoring case (product.md §2.9): the rule lives in domain/warranty-filter. */
export const filterSheets = (sheets: readonly WarrantySheet[], query: string): WarrantySheet[] => filterRule(sheets, query);

/** The typed filter goes to the server's search this long after the last key (the shown page is filtered at once). */
const SERVER_SEARCH_DELAY_MS = 350;

const readFilters = (params: URLSearchParams): WarrantyListFilters => readListQuery(params, listSorts.warranty);

interface Props {
  /** The draft the form is completing, highlighted in the list. */
  editingId?: number | null;
  onOpenDraft(sheet: WarrantySheet): void;
  onPrint(sheet: WarrantySheet): void;
  onDeleted?(id: number): void;
  /** A printed sheet's repair tickets (its claims, issue 16), shown under it on 'Riparimet'. */
  renderClaims?(sheet: WarrantySheet): ReactNode;
}

export function WarrantyList({ editingId = null, onOpenDraft, onPrint, onDeleted, renderClaims }: Props) {
  const { filters, update } = useListParams<WarrantyListFilters, 'q' | 'sort' | 'dir'>(readFilters);
  const sheets = useWarrantyPage(filters);
  const remove = useDeleteWarrantySheet();
  // The spec's filter: it filters the shown page at once, and (a moment later) asks the server
  // for the sheets of every page that match, keeping the text in the address (decision 021).
  const [query, setQuery] = useState(filters.q ?? '');
  const [deleteError, setDeleteError] = useState(false);
  // Deleting a sheet is the owner's (decision 041); staff write and print.
  const mayDelete = mayDeleteWarranty(useSession().user);
  const [claimsOf, setClaimsOf] = useState<number | null>(null);
  const items = sheets.data?.items;
  const shown = useMemo(() => filterSheets(items ?? [], query), [items, query]);
  const pages = sheets.data ? Math.max(1, Math.ceil(sheets.data.total / sheets.data.pageSize)) : 1;
  useEffect(() => {
    const text = query.trim();
    if (text === (filters.q ?? '')) return;
    const timer = window.setTimeout(() => update({ q: text }, { replace: true }), SERVER_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, filters.q, update]);
  const phone = useMediaQuery(PHONE_QUERY);
  // Read at each render: a list left open past midnight shows tomorrow's states on its next reload.
  const today = todayInShop();

  const confirmDelete = (s: WarrantySheet) => {
    if (!window.confirm(warrantyMessages.deleteConfirm)) return;
    setDeleteError(false);
    remove.mutate(s.id, {
      onSuccess: () => onDeleted?.(s.id),
      onError: () => setDeleteError(true),
    });
  };

  /** 'Riparimet': opens a printed sheet's claims under it (in the table it sits under the sheet's state, keeping 'Veprime' narrow). */
  const claimsToggle = (s: WarrantySheet) =>
    renderClaims &&
    s.status === 'printed' && (
      <button
        type="button"
        className="btn btn-ghost btn-sm w-claims-toggle"
        aria-expanded={claimsOf === s.id}
        aria-controls={`w-claims-${s.id}`}
        aria-label={`${rt.claimsShow}: garancioni ${s.id}`}
        onClick={() => setClaimsOf((c) => (c === s.id ? null : s.id))}
      >
        {rt.claimsShow}
      </button>
    );

  const actions = (s: WarrantySheet, withClaims: boolean) => (
    <div className="w-row-actions">
      {s.status === 'draft' ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onOpenDraft(s)} aria-label={`Vazhdo draftin ${s.id}`}>
          Vazhdo
        </button>
      ) : (
        <>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => onPrint(s)} aria-label={`Printo garancionin ${s.id}`}>
            Printo
          </button>
          <Link to={newRepairPath(s.id)} className="btn btn-outline btn-sm" aria-label={`${rt.openRepair}: garancioni ${s.id}`}>
            {rt.openRepair}
          </Link>
          {withClaims && claimsToggle(s)}
        </>
      )}
      {mayDelete && (
        <button
          type="button"
          className="btn btn-danger btn-sm"
          onClick={() => confirmDelete(s)}
          disabled={remove.isPending && remove.variables === s.id}
          aria-label={`Fshi garancionin ${s.id}`}
        >
          Fshi
        </button>
      )}
    </div>
  );

  const emptyText =
    sheets.data?.total === 0 && !filters.q && !query.trim()
      ? warrantyMessages.empty
      : sheets.data && shown.length === 0
        ? `Asnjë garancion nuk përputhet me “${query.trim()}”.`
        : null;

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
            {shown.length} nga {sheets.data.total}
          </span>
        )}
        <SortControls sorts={listSorts.warranty} sort={filters.sort} dir={filters.dir} onSort={(sort, dir) => update({ sort, dir })} />
      </div>

      {deleteError && (
        <p className="alert alert-error" role="alert">
          {warrantyMessages.deleteFailed}
        </p>
      )}

      {sheets.isPending && sheets.isFetching ? (
        <div className="w-loading" role="status">
          <span className="w-spinner" aria-hidden="true" />
          <span className="visually-hidden">Duke ngarkuar...</span>
        </div>
      ) : !sheets.data ? null : phone ? (
        // A phone: one card per sheet, every field with its label, the buttons at the bottom.
        emptyText !== null ? (
          <p className="empty-state w-cards-empty">{emptyText}</p>
        ) : (
          <ul className="w-cards" aria-label="Lista e garancioneve">
            {shown.map((s) => (
              <li key={s.id} className={s.id === editingId ? 'w-sheet-card w-row-editing' : 'w-sheet-card'}>
                <article aria-labelledby={`w-sheet-${s.id}`}>
                  <h3 id={`w-sheet-${s.id}`} className="w-sheet-title">
                    Garancioni {s.id}
                  </h3>
                  <dl className="w-sheet-fields">
                    {warrantyFields.map((f) => (
                      <div key={f.label} className={f.className}>
                        <dt>{f.label}</dt>
                        <dd>{f.cell(s, today) || '—'}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions(s, true)}
                  {renderClaims && claimsOf === s.id && (
                    <div id={`w-claims-${s.id}`} className="w-claims">
                      {renderClaims(s)}
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )
      ) : (
        // Focusable, so the wide table can be scrolled sideways from the keyboard too.
        <div className="table-wrap w-table-wrap" role="region" aria-label="Tabela e garancioneve" tabIndex={0}>
          <table className="table w-table" aria-label="Lista e garancioneve">
            <TableHead columns={warrantyColumns} />
            <tbody>
              {emptyText !== null ? (
                <EmptyRow colSpan={warrantyColumns.length} className="w-empty-text">
                  {emptyText}
                </EmptyRow>
              ) : (
                shown.map((s) => (
                  <Fragment key={s.id}>
                    <tr className={s.id === editingId ? 'w-row-editing' : undefined}>
                      {warrantyFields.map((f) => (
                        <td key={f.label} className={f.className}>
                          {f.cell(s, today)}
                          {f.label === 'Statusi' && claimsToggle(s)}
                        </td>
                      ))}
                      <td>{actions(s, false)}</td>
                    </tr>
                    {renderClaims && claimsOf === s.id && (
                      <tr id={`w-claims-${s.id}`} className="w-claims-row">
                        <td colSpan={warrantyColumns.length}>
                          <div className="w-claims">{renderClaims(s)}</div>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {sheets.data && pages > 1 && (
        <Pager label={listsMsg.warrantyPager} page={filters.page} pages={pages} onPage={(n) => update({ page: String(n) })} />
      )}
    </div>
  );
}
