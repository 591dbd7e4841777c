import { Link } from '../../../lib/router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { variantLimits } from '@shop/shared/domain/variants';
import { formatPrice } from '@shop/shared/domain/money';
import { adminMsg } from '@shop/shared/messages-admin';
import type { AdminVariants } from '@shop/shared/schemas/variants';
import type { AdminPhoto } from '@shop/shared/schemas/photos';
import '../variants-admin.css';
import { parsePrice } from '../../../lib/price-input';
import { stockFromText } from '@shop/shared/domain/variants';
import { useAdminVariants, useSaveVariants } from '../api/admin-products';
import { errorText } from '../../../components/admin/error-text';
import {
  applyToRows,
  checkDraft,
  colourIndex,
  draftOf,
  generateRows,
  newKey,
  rowsOutOfDate,
  rowTitle,
  suggestedName,
  valueKey,
  withOneDefault,
  type BulkTarget,
  type DraftErrors,
  type OptionDraft,
  type ProductBase,
  type RowDraft,
  type RowField,
  type VariantsDraft,
} from '../lib/variant-drafts';

type Note = { kind: 'success' | 'error'; text: string; list?: string[] } | null;

/** The grid's editable columns, in the Tab order of a row. */
const columns = [
  { field: 'price', label: 'Çmimi', head: 'Çmimi (€)', inputMode: 'decimal', width: 'num' },
  { field: 'oldPrice', label: 'Çmimi i vjetër', head: 'Çmimi i vjetër (€)', inputMode: 'decimal', width: 'num' },
  { field: 'stock', label: 'Stoku', head: 'Stoku', inputMode: 'numeric', width: 'qty' },
  { field: 'sku', label: 'SKU', head: 'SKU', inputMode: 'text', width: 'sku' },
  { field: 'barcode', label: 'Barkodi (EAN)', head: 'Barkodi (EAN)', inputMode: 'numeric', width: 'code' },
] as const;
type ColumnField = (typeof columns)[number]['field'];

interface Props {
  product: ProductBase & { name: string };
  /** The product's uploaded photos (the photo panel's, kept current as staff upload). */
  photos: AdminPhoto[];
  /** Told the saved list (the product form then shows the new price and stock). */
  onSaved?: (answer: AdminVariants) => void;
}

/**
 * The product form's section 'Variantet' (issue 27): loads the product's options and variants, then
 * the editor. Saved on its own with 'Ruaj variantet' (PUT of the whole list).
 */
export function VariantsSection({ product, photos, onSaved }: Props) {
  const query = useAdminVariants(product.id);
  const id = useId();
  return (
    <section className="variants-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Variantet</h3>
      <p className="muted variants-intro">
        Ngjyrat, memoriet ose opsione të tjera me çmimin, stokun dhe SKU-në e secilit kombinim. Ruhen veç me butonin “Ruaj variantet”.{' '}
        {/* Decision 050: a sale with dates for some of these variants. */}
        <Link to={`/admin/ulje-me-afat?${new URLSearchParams({ product: product.id }).toString()}`}>Ulje me afat</Link>
      </p>
      {query.isPending && <p className="muted">{adminMsg.loading}</p>}
      {query.error && (
        <p className="photo-note is-error" role="alert">
          {errorText(query.error, 'Variantet nuk u ngarkuan.')}{' '}
          <button type="button" className="btn btn-sm btn-outline" onClick={() => void query.refetch()}>
            Provo përsëri
          </button>
        </p>
      )}
      {query.data && <VariantsEditor initial={query.data} product={product} photos={photos} onSaved={onSaved} />}
    </section>
  );
}

/** The editor itself: options and values, 'Gjenero kombinimet', the grid, bulk changes, photos per colour, save. */
export function VariantsEditor({ initial, product, photos, onSaved }: Props & { initial: AdminVariants }) {
  const [draft, setDraft] = useState<VariantsDraft>(() => draftOf(initial));
  const [pendingValue, setPendingValue] = useState<Record<number, string>>({});
  const [optionNote, setOptionNote] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [bulk, setBulk] = useState({ target: '', price: '', stock: '' });
  const [bulkError, setBulkError] = useState<string | null>(null);
  const save = useSaveVariants();
  const id = useId();
  const grid = useRef<HTMLTableElement>(null);
  // The element to give the keyboard to once the next render is on the page (after an add or a removal).
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const { options, rows } = draft;
  const stale = rowsOutOfDate(draft);
  const colour = colourIndex(options);
  const inputId = (row: RowDraft, field: string) => `${id}-r${row.key}-${field}`;

  const change = (next: Partial<VariantsDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setNote(null);
  };
  const setRow = (key: number, patch: Partial<RowDraft>) => {
    setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
    setNote(null);
  };

  // --- Options and values ---------------------------------------------------------------------
  const addOption = () => {
    const option: OptionDraft = { key: newKey(), name: suggestedName(options), values: [] };
    change({ options: [...options, option] });
    setFocusId(`${id}-o${option.key}-name`);
  };
  const renameOption = (key: number, name: string) => change({ options: options.map((o) => (o.key === key ? { ...o, name } : o)) });
  const removeOption = (index: number) => {
    const option = options[index]!;
    if (option.values.length > 0 && rows.length > 1 && !window.confirm(`Të hiqet opsioni “${option.name || index + 1}” me vlerat e tij?`))
      return;
    change({ options: options.filter((_, i) => i !== index) });
    setFocusId(`${id}-add-option`);
  };
  const addValue = (index: number) => {
    const option = options[index]!;
    const text = (pendingValue[option.key] ?? '').trim();
    if (text === '') return;
    let problem: string | null = null;
    if (option.values.some((v) => valueKey(v) === valueKey(text))) problem = `Vlera “${text}” është tashmë te ky opsion.`;
    else if (text.length > variantLimits.optionValue) problem = `Vlera duhet të ketë deri në ${variantLimits.optionValue} shenja.`;
    else if (option.values.length >= variantLimits.valuesPerOption)
      problem = `Një opsion ka të shumtën ${variantLimits.valuesPerOption} vlera.`;
    setOptionNote((n) => ({ ...n, [option.key]: problem ?? '' }));
    if (problem) return;
    change({ options: options.map((o, i) => (i === index ? { ...o, values: [...o.values, text] } : o)) });
    setPendingValue((p) => ({ ...p, [option.key]: '' }));
  };
  const removeValue = (index: number, value: string) => {
    const option = options[index]!;
    // Rows with that value cannot exist any more; the rest keep what was typed.
    const keptRows = rows.filter((r) => r.values.length !== options.length || valueKey(r.values[index] ?? '') !== valueKey(value));
    change({
      options: options.map((o, i) => (i === index ? { ...o, values: o.values.filter((v) => v !== value) } : o)),
      rows: keptRows.length > 0 ? withOneDefault(keptRows) : rows,
    });
    setFocusId(`${id}-o${option.key}-new`);
  };

  const generate = () => {
    const before = rows.length;
    const next = generateRows(draft, product);
    change({ rows: next });
    setErrors(null);
    const kept = next.filter((r) => rows.includes(r)).length;
    setNote({
      kind: 'success',
      text: `U krijuan ${next.length} kombinime: ${kept} ekzistues u ruajtën, ${next.length - kept} të reja${
        before > kept ? `, ${before - kept} u hoqën` : ''
      }. Plotësoni çmimet dhe stokun, pastaj “Ruaj variantet”.`,
    });
  };

  // --- Rows -----------------------------------------------------------------------------------
  const removeRow = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    change({ rows: withOneDefault(next) });
    const focus = next[index] ?? next[index - 1];
    if (focus) setFocusId(inputId(focus, 'price'));
  };

  /** Arrow Up/Down move to the same column of the row above/below; Enter never sends anything. */
  const onGridKey = (e: KeyboardEvent<HTMLInputElement>, index: number, field: ColumnField) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      return;
    }
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const target = rows[index + (e.key === 'ArrowUp' ? -1 : 1)];
    if (!target) return;
    e.preventDefault();
    document.getElementById(inputId(target, field))?.focus();
  };

  // --- Bulk -----------------------------------------------------------------------------------
  const bulkTarget: BulkTarget | null =
    bulk.target === '' ? null : { option: Number(bulk.target.split(':')[0]), value: bulk.target.slice(bulk.target.indexOf(':') + 1) };
  const bulkName = bulkTarget ? `${options[bulkTarget.option]?.name}: ${bulkTarget.value}` : 'të gjitha variantet';
  const applyBulk = (field: 'price' | 'stock') => {
    const text = bulk[field].trim();
    if (field === 'price') {
      const price = parsePrice(text);
      if (price === undefined || !Number.isFinite(price) || price <= 0) return setBulkError('Shkruani një çmim pozitiv, p.sh. 1149,00.');
    } else if (Number.isNaN(stockFromText(text))) {
      return setBulkError('Stoku është një numër i plotë (bosh: pa kufi).');
    }
    setBulkError(null);
    const { rows: next, count } = applyToRows(rows, bulkTarget, field, text);
    change({ rows: next });
    const what =
      field === 'price' ? `Çmimi ${formatPrice(parsePrice(text)!)}` : `Stoku ${text === '' ? adminMsg.unlimited.toLowerCase() : text}`;
    setNote({ kind: 'success', text: `${what} u vendos te ${count} ${count === 1 ? 'variant' : 'variante'} (${bulkName}).` });
  };

  // --- Photos per colour ----------------------------------------------------------------------
  const togglePhoto = (value: string, photoId: number) => {
    const key = valueKey(value);
    const chosen = draft.colourPhotos[key] ?? [];
    const next = chosen.includes(photoId) ? chosen.filter((p) => p !== photoId) : [...chosen, photoId];
    // In the order of the product's photos.
    const ordered = photos.map((p) => p.id).filter((p) => next.includes(p));
    change({ colourPhotos: { ...draft.colourPhotos, [key]: ordered } });
  };

  // --- Save -----------------------------------------------------------------------------------
  const submit = async () => {
    if (save.isPending) return;
    setNote(null);
    // Photos removed from the product since they were chosen are not sent.
    const known = new Set(photos.map((p) => p.id));
    const current: VariantsDraft = {
      ...draft,
      colourPhotos: Object.fromEntries(Object.entries(draft.colourPhotos).map(([k, ids]) => [k, ids.filter((p) => known.has(p))])),
    };
    const { body, errors: found } = checkDraft(current);
    if (!body) {
      setErrors(found);
      setNote({ kind: 'error', text: 'Variantet nuk u ruajtën. Ndreqni:', list: found.messages });
      const [firstRow, fields] = [...found.rows.entries()][0] ?? [];
      const row = firstRow === undefined ? undefined : rows[firstRow];
      const field = fields ? columns.find((c) => fields.has(c.field as RowField))?.field : undefined;
      if (row && field) document.getElementById(inputId(row, field))?.focus();
      return;
    }
    setErrors(null);
    try {
      const answer = await save.mutateAsync({ id: product.id, body });
      setDraft(draftOf(answer));
      onSaved?.(answer);
      setNote({ kind: 'success', text: `Variantet u ruajtën (${answer.variants.length}).` });
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err) });
    }
  };

  const rowInvalid = (index: number, field: RowField) => errors?.rows.get(index)?.has(field) ?? false;

  return (
    <div className="variants-body" aria-busy={save.isPending || undefined}>
      {/* Options and their values */}
      <div className="variant-options">
        {options.length === 0 && <p className="muted">Pa opsione: produkti shitet si një variant. Shtoni p.sh. Ngjyra dhe Memoria.</p>}
        {options.map((option, index) => {
          const nameId = `${id}-o${option.key}-name`;
          const newId = `${id}-o${option.key}-new`;
          const label = option.name.trim() || `Opsioni ${index + 1}`;
          return (
            <fieldset key={option.key} className={`variant-option${errors?.options.has(index) ? ' is-invalid' : ''}`}>
              <legend>Opsioni {index + 1}</legend>
              <div className="variant-option-head">
                <div className="field">
                  <label htmlFor={nameId}>Emri i opsionit</label>
                  <input
                    id={nameId}
                    value={option.name}
                    onChange={(e) => renameOption(option.key, e.target.value)}
                    onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
                    list={`${id}-names`}
                    maxLength={variantLimits.optionName}
                    autoComplete="off"
                    placeholder="p.sh. Ngjyra"
                  />
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  onClick={() => removeOption(index)}
                  aria-label={`Hiq opsionin ${label}`}
                >
                  Hiq opsionin
                </button>
              </div>
              {option.values.length > 0 && (
                <ul className="variant-values" aria-label={`Vlerat e ${label}`}>
                  {option.values.map((value) => (
                    <li key={value}>
                      <span>{value}</span>
                      <button
                        type="button"
                        className="variant-value-remove"
                        onClick={() => removeValue(index, value)}
                        aria-label={`Hiq vlerën ${value} (${label})`}
                        title="Hiq"
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="variant-value-add">
                <div className="field">
                  <label htmlFor={newId}>Vlerë e re për {label}</label>
                  <input
                    id={newId}
                    value={pendingValue[option.key] ?? ''}
                    onChange={(e) => {
                      const text = e.target.value;
                      setPendingValue((p) => ({ ...p, [option.key]: text }));
                      if (optionNote[option.key]) setOptionNote((n) => ({ ...n, [option.key]: '' }));
                    }}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      addValue(index);
                    }}
                    maxLength={variantLimits.optionValue + 1}
                    autoComplete="off"
                    placeholder={
                      valueKey(option.name).startsWith('mem')
                        ? 'p.sh. 256 GB'
                        : colourIndex([option]) === 0
                          ? 'p.sh. Titanium i zi'
                          : 'shkruani dhe shtypni Enter'
                    }
                    aria-describedby={`${newId}-hint${optionNote[option.key] ? ` ${newId}-error` : ''}`}
                    aria-invalid={!!optionNote[option.key] || undefined}
                  />
                </div>
                <button type="button" className="btn btn-sm btn-outline" onClick={() => addValue(index)}>
                  Shto vlerën
                </button>
              </div>
              <p className="field-hint" id={`${newId}-hint`}>
                Enter e shton vlerën.
              </p>
              {optionNote[option.key] && (
                <p className="field-error" id={`${newId}-error`}>
                  {optionNote[option.key]}
                </p>
              )}
            </fieldset>
          );
        })}
        <datalist id={`${id}-names`}>
          <option value="Ngjyra" />
          <option value="Memoria" />
        </datalist>
        <div className="variant-actions">
          <button
            id={`${id}-add-option`}
            type="button"
            className="btn btn-sm btn-outline"
            onClick={addOption}
            disabled={options.length >= variantLimits.options}
          >
            + Shto opsion
          </button>
          <button type="button" className="btn btn-sm btn-primary" onClick={generate} aria-describedby={stale ? `${id}-stale` : undefined}>
            Gjenero kombinimet
          </button>
        </div>
        {stale && (
          <p className="field-hint variants-stale" id={`${id}-stale`}>
            Opsionet ndryshuan: shtypni “Gjenero kombinimet” që rreshtat të ndjekin vlerat.
          </p>
        )}
      </div>

      {/* Bulk changes */}
      {rows.length > 1 && (
        <fieldset className="variant-bulk">
          <legend>Ndryshim për shumë variante</legend>
          <div className="field">
            <label htmlFor={`${id}-bulk-target`}>Për variantet me</label>
            <select id={`${id}-bulk-target`} value={bulk.target} onChange={(e) => setBulk((b) => ({ ...b, target: e.target.value }))}>
              <option value="">Të gjitha variantet</option>
              {options.map((o, i) =>
                o.values.map((v) => (
                  <option key={`${o.key}-${v}`} value={`${i}:${v}`}>
                    {o.name}: {v}
                  </option>
                )),
              )}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-bulk-price`}>Çmimi (€)</label>
            <input
              id={`${id}-bulk-price`}
              value={bulk.price}
              inputMode="decimal"
              autoComplete="off"
              placeholder="p.sh. 1149,00"
              onChange={(e) => setBulk((b) => ({ ...b, price: e.target.value }))}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                applyBulk('price');
              }}
            />
          </div>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => applyBulk('price')}>
            Vendos çmimin për të gjitha
          </button>
          <div className="field">
            <label htmlFor={`${id}-bulk-stock`}>Stoku</label>
            <input
              id={`${id}-bulk-stock`}
              value={bulk.stock}
              inputMode="numeric"
              autoComplete="off"
              placeholder={adminMsg.unlimited}
              onChange={(e) => setBulk((b) => ({ ...b, stock: e.target.value }))}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                applyBulk('stock');
              }}
            />
          </div>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => applyBulk('stock')}>
            Vendos stokun për të gjitha
          </button>
          {bulkError && (
            <p className="field-error variant-bulk-error" role="alert">
              {bulkError}
            </p>
          )}
        </fieldset>
      )}

      {/* The grid */}
      <div className="variant-grid-scroll">
        <table ref={grid} className="variant-grid" aria-label={`Variantet e ${product.name}`}>
          <thead>
            <tr>
              <th scope="col" className="variant-title">
                Varianti
              </th>
              {columns.map((c) => (
                <th key={c.field} scope="col" className={c.width}>
                  {c.head}
                </th>
              ))}
              <th scope="col" className="def">
                Parazgjedhur
              </th>
              <th scope="col" className="act">
                <span className="visually-hidden">Veprime</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const title = rowTitle(row, index);
              const invalid = errors?.rows.has(index) ?? false;
              return (
                <tr key={row.key} className={invalid ? 'is-invalid' : undefined}>
                  <th scope="row" className="variant-title">
                    <span className="variant-number">{index + 1}.</span> {title}
                  </th>
                  {columns.map((c) => (
                    <td key={c.field} className={c.width}>
                      <input
                        id={inputId(row, c.field)}
                        aria-label={`${c.label} — ${title}`}
                        value={row[c.field]}
                        inputMode={c.inputMode}
                        autoComplete="off"
                        spellCheck={false}
                        placeholder={
                          c.field === 'stock' ? adminMsg.unlimited : c.field === 'oldPrice' || c.field === 'barcode' ? '—' : undefined
                        }
                        aria-invalid={rowInvalid(index, c.field) || undefined}
                        onChange={(e) => setRow(row.key, { [c.field]: e.target.value })}
                        onKeyDown={(e) => onGridKey(e, index, c.field)}
                      />
                    </td>
                  ))}
                  <td className="variant-default">
                    <input
                      type="radio"
                      name={`${id}-default`}
                      checked={row.isDefault}
                      onChange={() => change({ rows: rows.map((r) => ({ ...r, isDefault: r.key === row.key })) })}
                      aria-label={`Parazgjedhur — ${title}`}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      onClick={() => removeRow(index)}
                      disabled={rows.length <= 1}
                      aria-label={`Hiq variantin ${title}`}
                    >
                      Hiq
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="field-hint">Stoku bosh: pa kufi (gjithmonë në shitje). Shigjetat ↑ ↓ kalojnë te e njëjta kolonë e rreshtit tjetër.</p>

      {/* Photos per colour */}
      {colour >= 0 && options[colour]!.values.length > 0 && (
        <div className="variant-photos">
          <h4>Fotot sipas ngjyrës</h4>
          {photos.length === 0 ? (
            <p className="muted">Ngarkoni fotot e produktit te “Fotot”, pastaj zgjidhni këtu cilat i përkasin secilës ngjyrë.</p>
          ) : (
            options[colour]!.values.map((value) => (
              <fieldset key={value} className="variant-photo-set">
                <legend>Fotot për {value}</legend>
                <ul>
                  {photos.map((p, i) => {
                    const checked = (draft.colourPhotos[valueKey(value)] ?? []).includes(p.id);
                    return (
                      <li key={p.id}>
                        <label className={checked ? 'is-chosen' : undefined}>
                          <input
                            type="checkbox"
                            checked={checked}
                            onChange={() => togglePhoto(value, p.id)}
                            aria-label={`Foto ${i + 1} për ${value}`}
                          />
                          <img src={p.src} alt="" width={56} height={56} loading="lazy" />
                          <span aria-hidden="true">Foto {i + 1}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))
          )}
          <p className="field-hint">Një ngjyrë pa foto të zgjedhura shfaq fotot e produktit.</p>
        </div>
      )}

      <div className="variant-save">
        <button type="button" className="btn btn-primary" onClick={() => void submit()} disabled={save.isPending}>
          Ruaj variantet
        </button>
      </div>
      <div role="status" aria-live="polite" className="variant-note-slot">
        {note?.kind === 'success' && <p className="photo-note is-success">{note.text}</p>}
      </div>
      {note?.kind === 'error' && (
        <div className="variant-errors" role="alert">
          <p className="photo-note is-error">{note.text}</p>
          {note.list && note.list.length > 0 && (
            <ul>
              {note.list.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
