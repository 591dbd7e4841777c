import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from '../../../lib/router';
import type { BrowseParams } from '@shop/shared/domain/catalogue-browse';
import type { Category } from '@shop/shared/domain/catalogue';
import type { BrowseAnswer } from '@shop/shared/schemas/catalogue-browse';
import { browseMsg } from '@shop/shared/messages-browse';
import { firstFocusable, useModal } from '../../../components/ui/use-modal';
import { browseHref as hrefOf } from '../lib/browse-href';
import '../browse.css';

/**
 * The catalogue's facets (decision 022): brand, storage, colour (decision 039), price, stock and category, as a form that
 * sends the state to the page's address (so it works without JavaScript) and, with JavaScript,
 * applies a choice at once. In the sidebar on a wide screen, in the 'Filtro' dialog on a phone.
 */

/** The state's other parameters, as hidden fields of a form that sends one part of it. */
export function HiddenState({ params, queryKey, omit }: { params: BrowseParams; queryKey: string; omit: 'sort' | 'facets' }) {
  return (
    <>
      {params.q && <input type="hidden" name={queryKey} value={params.q} />}
      {omit === 'facets' ? (
        <>
          {params.brands.map((b) => (
            <input key={b} type="hidden" name="brand" value={b} />
          ))}
          {params.storage.map((g) => (
            <input key={g} type="hidden" name="storage" value={g} />
          ))}
          {params.colors.map((c) => (
            <input key={c} type="hidden" name="color" value={c} />
          ))}
          {params.min !== undefined && <input type="hidden" name="min" value={params.min} />}
          {params.max !== undefined && <input type="hidden" name="max" value={params.max} />}
          {params.inStock && <input type="hidden" name="inStock" value="1" />}
          {params.category && <input type="hidden" name="category" value={params.category} />}
        </>
      ) : (
        params.sort && <input type="hidden" name="sort" value={params.sort} />
      )}
    </>
  );
}

export interface FacetFormProps {
  data: BrowseAnswer;
  params: BrowseParams;
  path: string;
  queryKey: string;
  change: (next: Partial<BrowseParams>) => void;
  clearHref: string;
  filtered: boolean;
  /**
   * In the dialog: the form's id (the dialog's one 'Zbato filtrat' sends it) and what follows a
   * sent form (the dialog closes). The sidebar's form carries its own buttons.
   */
  dialog?: { formId: string; onApplied: () => void };
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));

export function FacetForm({ data, params, path, queryKey, change, clearHref, filtered, dialog }: FacetFormProps) {
  const id = useId();
  const f = data.facets;
  const [min, setMin] = useState(params.min === undefined ? '' : String(params.min));
  const [max, setMax] = useState(params.max === undefined ? '' : String(params.max));
  useEffect(() => {
    setMin(params.min === undefined ? '' : String(params.min));
    setMax(params.max === undefined ? '' : String(params.max));
  }, [params.min, params.max]);
  const readBound = (v: string) => {
    const n = Number(v.replace(',', '.'));
    return v.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : n;
  };
  const priceHref = (r: { min: number; max: number | null }) =>
    hrefOf(path, { ...params, min: r.min === 0 ? undefined : r.min, max: r.max ?? undefined, page: 1 }, queryKey);
  const anyPriceHref = hrefOf(path, { ...params, min: undefined, max: undefined, page: 1 }, queryKey);
  return (
    <form
      id={dialog?.formId}
      className="facets"
      method="get"
      action={path}
      aria-label={browseMsg.filtersTitle}
      onSubmit={(e) => {
        e.preventDefault();
        const lo = readBound(min);
        const hi = readBound(max);
        change({
          min: lo !== undefined && hi !== undefined && lo > hi ? hi : lo,
          max: lo !== undefined && hi !== undefined && lo > hi ? lo : hi,
        });
        dialog?.onApplied();
      }}
    >
      <HiddenState params={params} queryKey={queryKey} omit="sort" />
      {f.categories.length > 0 && (
        <fieldset>
          <legend>{browseMsg.category_}</legend>
          <Choice
            type="radio"
            name="category"
            value=""
            label="Të gjitha"
            checked={!params.category}
            onChange={() => change({ category: undefined })}
          />
          {f.categories.map((c) => (
            <Choice
              key={c.value}
              type="radio"
              name="category"
              value={c.value}
              label={c.label}
              count={c.count}
              checked={params.category === c.value}
              onChange={() => change({ category: c.value as Category })}
            />
          ))}
        </fieldset>
      )}
      {f.brands.length > 0 && (
        <fieldset>
          <legend>{browseMsg.brand_}</legend>
          {f.brands.map((b) => {
            const checked = params.brands.some((x) => x.toLowerCase() === b.value.toLowerCase());
            return (
              <Choice
                key={b.value}
                type="checkbox"
                name="brand"
                value={b.value}
                label={b.value}
                count={b.count}
                checked={checked}
                onChange={(on) =>
                  change({
                    brands: on ? [...params.brands, b.value] : params.brands.filter((x) => x.toLowerCase() !== b.value.toLowerCase()),
                  })
                }
              />
            );
          })}
        </fieldset>
      )}
      {f.storage.length > 0 && (
        <fieldset>
          <legend>{browseMsg.storage_}</legend>
          {f.storage.map((s) => (
            <Choice
              key={s.value}
              type="checkbox"
              name="storage"
              value={String(s.value)}
              label={s.label}
              count={s.count}
              checked={params.storage.includes(s.value)}
              onChange={(on) => change({ storage: toggle(params.storage, s.value, on) })}
            />
          ))}
        </fieldset>
      )}
      {f.colors.length > 0 && (
        <fieldset>
          <legend>{browseMsg.color_}</legend>
          {f.colors.map((c) => {
            const same = (x: string) => x.toLocaleLowerCase('sq') === c.value.toLocaleLowerCase('sq');
            return (
              <Choice
                key={c.value}
                type="checkbox"
                name="color"
                value={c.value}
                label={c.value}
                count={c.count}
                swatch={c.hex}
                checked={params.colors.some(same)}
                onChange={(on) => change({ colors: on ? [...params.colors, c.value] : params.colors.filter((x) => !same(x)) })}
              />
            );
          })}
        </fieldset>
      )}
      <fieldset>
        <legend>{browseMsg.price_}</legend>
        <ul className="facet-links">
          <li>
            <Link to={anyPriceHref} aria-current={params.min === undefined && params.max === undefined ? 'true' : undefined}>
              {browseMsg.anyPrice}
            </Link>
          </li>
          {f.prices.map((r) => {
            const current = (params.min ?? 0) === r.min && (params.max ?? null) === r.max;
            return (
              <li key={r.value}>
                {r.count === 0 && !current ? (
                  <span className="facet-disabled">
                    {r.label} <span className="facet-count">(0)</span>
                  </span>
                ) : (
                  <Link to={priceHref(r)} aria-current={current ? 'true' : undefined}>
                    {r.label} <span className="facet-count">({r.count})</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <div className="facet-range">
          <div className="cf-field">
            <label htmlFor={`${id}-min`}>{browseMsg.priceFrom}</label>
            <input
              id={`${id}-min`}
              name="min"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="input"
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
          </div>
          <div className="cf-field">
            <label htmlFor={`${id}-max`}>{browseMsg.priceTo}</label>
            <input
              id={`${id}-max`}
              name="max"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="input"
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>{browseMsg.availability}</legend>
        <Choice
          type="checkbox"
          name="inStock"
          value="1"
          label={browseMsg.inStockOnly}
          count={f.inStock}
          checked={params.inStock}
          onChange={(on) => change({ inStock: on })}
        />
      </fieldset>
      {!dialog && (
        <div className="facet-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {browseMsg.apply}
          </button>
          {filtered && (
            <Link to={clearHref} className="btn btn-ghost btn-sm">
              {browseMsg.clear}
            </Link>
          )}
        </div>
      )}
    </form>
  );
}

function Choice({
  type,
  name,
  value,
  label,
  count,
  swatch,
  checked,
  onChange,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  label: string;
  count?: number;
  /** A colour's swatch (decision 039): decoration beside its name. */
  swatch?: string | null;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={`facet-choice ${count === 0 && !checked ? 'facet-empty' : ''}`}>
      <input type={type} name={name} value={value} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {swatch && <span className="facet-swatch" style={{ background: swatch }} aria-hidden="true" />}
        {label} {count !== undefined && <span className="facet-count">({count})</span>}
      </span>
    </label>
  );
}

/**
 * The facets over the page on a narrow screen: a modal dialog. A checkbox, a radio or a price range
 * applies at once; its one 'Zbato filtrat' sends the form (with the typed prices) and closes it;
 * Escape or 'Mbyll filtrat' closes it as it is.
 */
export function FacetDialog({ onClose, ...form }: Omit<FacetFormProps, 'dialog'> & { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const formId = useId();
  useModal(panel, onClose);
  useEffect(() => {
    // The first facet (hidden fields of the form are not for the keyboard).
    (panel.current?.querySelector<HTMLElement>('.facets input:not([type="hidden"])') ?? firstFocusable(panel.current))?.focus();
  }, []);
  return createPortal(
    <div className="facet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className="facet-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="facet-dialog-head">
          <h2 id={titleId}>{browseMsg.filtersTitle}</h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {browseMsg.closeFilters}
          </button>
        </div>
        <FacetForm {...form} dialog={{ formId, onApplied: onClose }} />
        <div className="facet-dialog-foot">
          {form.filtered && (
            <Link to={form.clearHref} className="btn btn-ghost" onClick={onClose}>
              {browseMsg.clear}
            </Link>
          )}
          <button type="submit" form={formId} className="btn btn-primary">
            {browseMsg.apply}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
