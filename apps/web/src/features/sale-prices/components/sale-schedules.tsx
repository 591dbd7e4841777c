import { useId, useState, type FormEvent } from 'react';
import { formatPrice, isWholeCents, toCents, toEuros } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import {
  fromShopLocal,
  MAX_SALE_PERCENT,
  percentOffCents,
  saleOutcomeLabels,
  saleStateLabels,
  toShopLocal,
} from '@shop/shared/domain/sale-prices';
import type { SalePriceSchedule } from '@shop/shared/schemas/sale-prices';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useSearchParams } from '../../../lib/router';
import { useCancelSale, usePlanSale, useSaleProductSearch, useSaleVariants, useSchedules } from '../api/sale-prices';
import '../sale-prices.css';

/** '99,90' or '99.90' as euros; null when it is not a price with at most 2 decimals. */
function readEuros(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && isWholeCents(n) ? n : null;
}

/** The next full hour on the shop's clock, and the same a day later (the form's first values). */
function defaultSpan(): { from: string; to: string } {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  return { from: toShopLocal(start), to: toShopLocal(new Date(start.getTime() + 48 * 3_600_000)) };
}

/**
 * 'Ulje me afat' (issue 29, decision 050), the owner's screen: choose a product and its variants
 * (all, by an option's value such as every 256 GB, or one by one), a sale price or a percentage,
 * from/to on the shop's clock (Europe/Belgrade); below, the schedules with their state and 'Anulo'.
 * The job starts and ends each sale by itself.
 */
export function SaleSchedules() {
  const ids = useId();
  // The product chosen; kept in the address too ('?product=', e.g. from the product's admin page).
  const [params, setParams] = useSearchParams();
  const [productId, setProductId] = useState<string | null>(() => params.get('product'));
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<'price' | 'percent'>('price');
  const [amount, setAmount] = useState('');
  const [showOld, setShowOld] = useState(true);
  const [span, setSpan] = useState(defaultSpan);
  const [tried, setTried] = useState(false);
  const [cancelling, setCancelling] = useState<SalePriceSchedule | null>(null);
  const note = useActionMessage();
  const found = useSaleProductSearch(query);
  const variants = useSaleVariants(productId);
  const schedules = useSchedules(productId);
  const plan = usePlanSale();
  const cancel = useCancelSale();

  const chooseProduct = (id: string | null) => {
    setChosen(new Set());
    note.clear();
    setTried(false);
    setProductId(id);
    const next = new URLSearchParams(params);
    if (id === null) next.delete('product');
    else next.set('product', id);
    setParams(next, { replace: true });
  };

  const list = variants.data && variants.data.productId.toLowerCase() === productId?.toLowerCase() ? variants.data.variants : [];
  const price = mode === 'price' ? readEuros(amount) : null;
  const percentText = amount.trim();
  const percent = mode === 'percent' && /^\d{1,2}$/.test(percentText) ? Number(percentText) : null;
  const amountProblem =
    mode === 'price'
      ? price === null || price <= 0
        ? 'Shkruani çmimin e uljes në euro, p.sh. 999,00.'
        : null
      : percent === null || percent < 1 || percent > MAX_SALE_PERCENT
        ? `Shkruani një përqindje nga 1 deri në ${MAX_SALE_PERCENT}.`
        : null;
  const startsAt = fromShopLocal(span.from);
  const endsAt = fromShopLocal(span.to);
  const spanProblem =
    startsAt === null || endsAt === null
      ? 'Zgjidhni datën dhe orën e fillimit dhe të mbarimit.'
      : endsAt.getTime() <= startsAt.getTime()
        ? 'Ulja duhet të mbarojë pas fillimit.'
        : null;
  const saleOf = (regular: number) =>
    mode === 'percent' ? (percent === null ? null : toEuros(percentOffCents(toCents(regular), percent))) : price;

  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chooseWhere = (test: (v: { values: string[] }) => boolean) => setChosen(new Set(list.filter(test).map((v) => v.id)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    note.clear();
    if (productId === null || chosen.size === 0 || amountProblem || spanProblem || !startsAt || !endsAt) return;
    plan.mutate(
      {
        productId,
        variantIds: list.filter((v) => chosen.has(v.id)).map((v) => v.id),
        ...(mode === 'price' ? { price: price! } : { percent: percent! }),
        ...(showOld ? {} : { oldPrice: null }),
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      },
      {
        onSuccess: (r) => {
          note.success(r.msg);
          setChosen(new Set());
          setAmount('');
          setTried(false);
        },
        onError: (err) => note.failure(err),
      },
    );
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    const s = cancelling;
    cancel.mutate(s.id, {
      onSuccess: (r) => {
        setCancelling(null);
        note.success(
          r.schedule.outcome === 'restored' ? `${r.msg} Çmimi i rregullt ${formatPrice(r.schedule.regularPrice ?? 0)} u rikthye.` : r.msg,
        );
      },
      onError: (err) => {
        setCancelling(null);
        note.failure(err);
      },
    });
  };

  return (
    <div className="sale-prices">
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <section aria-labelledby={`${ids}-plan`} className="sale-plan">
        <h2 id={`${ids}-plan`}>Planifiko një ulje</h2>
        <form
          className="sale-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(search.trim());
          }}
        >
          <div className="field">
            <label htmlFor={`${ids}-search`}>Produkti (emri, SKU ose marka)</label>
            <div className="sale-search-row">
              <input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
              <button type="submit" className="btn btn-outline">
                Kërko
              </button>
            </div>
          </div>
        </form>
        {query !== '' && found.data && (
          <fieldset className="sale-box">
            <legend>Zgjidhni produktin</legend>
            {found.data.items.length === 0 && <p>Asnjë produkt nuk u gjet.</p>}
            {found.data.items.map((p) => (
              <label key={p.id} className="sale-choice">
                <input
                  type="radio"
                  name={`${ids}-product`}
                  checked={productId?.toLowerCase() === p.id.toLowerCase()}
                  onChange={() => chooseProduct(p.id)}
                />
                <span>
                  {p.name} <span className="admin-sub">{p.brand}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        {productId !== null && variants.isError && <p role="alert">Produkti nuk u gjet.</p>}
        {productId !== null && list.length > 0 && (
          <form className="sale-form" onSubmit={submit} aria-label="Ulje me afat" noValidate>
            <fieldset className="sale-box">
              <legend>Variantet</legend>
              <div className="sale-quick" role="group" aria-label="Zgjidh shpejt">
                <button type="button" className="btn btn-outline btn-sm" onClick={() => chooseWhere(() => true)}>
                  Të gjitha
                </button>
                {variants.data!.options.flatMap((o, i) =>
                  o.values.map((val) => (
                    <button
                      key={`${o.id}-${val.id}`}
                      type="button"
                      className="btn btn-outline btn-sm"
                      onClick={() => chooseWhere((v) => v.values[i] === val.value)}
                    >
                      Të gjitha {val.value}
                    </button>
                  )),
                )}
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setChosen(new Set())}>
                  Asnjë
                </button>
              </div>
              {list.map((v) => {
                const sale = chosen.has(v.id) ? saleOf(v.price) : null;
                return (
                  <label key={v.id} className="sale-choice">
                    <input type="checkbox" checked={chosen.has(v.id)} onChange={() => toggle(v.id)} />
                    <span>
                      {v.title || 'Pa opsione'} · {formatPrice(v.price)}
                      {sale !== null && (
                        <>
                          {' '}
                          → <strong className={sale >= v.price ? 'sale-bad' : undefined}>{formatPrice(sale)}</strong>
                        </>
                      )}
                      <span className="admin-sub">SKU {v.sku}</span>
                    </span>
                  </label>
                );
              })}
              {tried && chosen.size === 0 && (
                <p className="field-error" role="alert">
                  Zgjidhni të paktën një variant.
                </p>
              )}
            </fieldset>

            <fieldset className="sale-box">
              <legend>Çmimi gjatë uljes</legend>
              <div className="sale-modes">
                <label className="sale-choice">
                  <input type="radio" name={`${ids}-mode`} checked={mode === 'price'} onChange={() => setMode('price')} />
                  <span>Çmim i ri (€)</span>
                </label>
                <label className="sale-choice">
                  <input type="radio" name={`${ids}-mode`} checked={mode === 'percent'} onChange={() => setMode('percent')} />
                  <span>Përqindje zbritjeje (%)</span>
                </label>
              </div>
              <div className="field">
                <label htmlFor={`${ids}-amount`}>{mode === 'price' ? 'Çmimi i uljes, €' : 'Zbritja, %'}</label>
                <input
                  id={`${ids}-amount`}
                  inputMode={mode === 'price' ? 'decimal' : 'numeric'}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={tried && amountProblem ? true : undefined}
                  aria-describedby={tried && amountProblem ? `${ids}-amount-error` : undefined}
                />
                {tried && amountProblem && (
                  <p className="field-error" id={`${ids}-amount-error`}>
                    {amountProblem}
                  </p>
                )}
              </div>
              <label className="sale-choice">
                <input type="checkbox" checked={showOld} onChange={(e) => setShowOld(e.target.checked)} />
                <span>Shfaq çmimin e rregullt të vizatuar (çmimi i vjetër)</span>
              </label>
            </fieldset>

            <fieldset className="sale-box">
              <legend>Koha (ora e Kosovës)</legend>
              <div className="sale-span">
                <div className="field">
                  <label htmlFor={`${ids}-from`}>Nga</label>
                  <input
                    id={`${ids}-from`}
                    type="datetime-local"
                    value={span.from}
                    onChange={(e) => setSpan((s) => ({ ...s, from: e.target.value }))}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${ids}-to`}>Deri</label>
                  <input
                    id={`${ids}-to`}
                    type="datetime-local"
                    value={span.to}
                    onChange={(e) => setSpan((s) => ({ ...s, to: e.target.value }))}
                    aria-invalid={tried && spanProblem ? true : undefined}
                    aria-describedby={tried && spanProblem ? `${ids}-span-error` : undefined}
                  />
                </div>
              </div>
              {tried && spanProblem && (
                <p className="field-error" id={`${ids}-span-error`}>
                  {spanProblem}
                </p>
              )}
            </fieldset>
            <button type="submit" className="btn btn-primary" disabled={plan.isPending}>
              {chosen.size <= 1 ? 'Ruaj uljen' : `Ruaj uljen për ${chosen.size} variante`}
            </button>
          </form>
        )}
      </section>

      <section aria-labelledby={`${ids}-list`} className="sale-list">
        <div className="sale-list-head">
          <h2 id={`${ids}-list`}>{productId ? 'Uljet e produktit' : 'Uljet me afat'}</h2>
          {productId && (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => chooseProduct(null)}>
              Shfaq uljet e të gjitha produkteve
            </button>
          )}
        </div>
        {schedules.isError && <p role="alert">Uljet nuk u lexuan. Provoni përsëri.</p>}
        {schedules.data && schedules.data.length === 0 && <p>Asnjë ulje me afat.</p>}
        {schedules.data && schedules.data.length > 0 && (
          <div className="sale-table-wrap">
            <table className="table sale-table">
              <caption className="visually-hidden">Uljet me afat</caption>
              <thead>
                <tr>
                  <th scope="col">Produkti</th>
                  <th scope="col" className="num">
                    Çmimi
                  </th>
                  <th scope="col">Koha</th>
                  <th scope="col">Gjendja</th>
                  <th scope="col">
                    <span className="visually-hidden">Veprime</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {schedules.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.productName}
                      <span className="admin-sub">
                        {s.variantTitle || 'Pa opsione'} · SKU {s.sku}
                      </span>
                    </td>
                    <td className="num">
                      {s.oldPrice !== null && <s className="admin-sub">{formatPrice(s.oldPrice)}</s>} {formatPrice(s.price)}
                    </td>
                    <td>
                      {formatDateTime(s.startsAt)} – {formatDateTime(s.endsAt)}
                    </td>
                    <td>
                      <span className={`sale-state sale-state-${s.state}`}>{saleStateLabels[s.state]}</span>
                      {s.outcome && s.outcome !== 'restored' && <span className="admin-sub">{saleOutcomeLabels[s.outcome]}</span>}
                    </td>
                    <td>
                      {(s.state === 'planned' || s.state === 'active') && (
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          onClick={() => setCancelling(s)}
                          aria-label={`Anulo uljen e ${s.productName}${s.variantTitle ? ` (${s.variantTitle})` : ''}`}
                        >
                          Anulo
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {cancelling && (
        <AlertDialog
          title="Anulo uljen?"
          text={
            cancelling.state === 'active'
              ? `Ulja e “${cancelling.productName}” është aktive: çmimi i rregullt rikthehet menjëherë.`
              : `Ulja e “${cancelling.productName}” nuk do të fillojë.`
          }
          onEscape={() => setCancelling(null)}
          actions={
            <>
              <button type="button" className="btn btn-outline" data-autofocus onClick={() => setCancelling(null)}>
                Mos e anulo
              </button>
              <button type="button" className="btn btn-danger" onClick={confirmCancel} disabled={cancel.isPending}>
                Anulo uljen
              </button>
            </>
          }
        />
      )}
    </div>
  );
}
