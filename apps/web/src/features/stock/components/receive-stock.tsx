import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import {
  imeiProblem,
  MAX_UNITS_PER_RECEIPT,
  normalizeImei,
  unitStatuses,
  unitStatusLabels,
  type UnitStatus,
} from '@shop/shared/domain/units';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { Link } from '../../../lib/router';
import { useProductSearch, useProductVariants, useReceiveUnits, useVariantUnits } from '../api/units';
import '../stock.css';

/** Each typed or scanned line with what is wrong with it (null: good); empty lines are skipped. */
export function checkImeiLines(text: string): { row: number; imei: string; problem: string | null }[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => normalizeImei(l))
    .filter((l) => l !== '');
  const firstAt = new Map<string, number>();
  return lines.map((imei, i) => {
    const problem = imeiProblem(imei);
    if (problem) return { row: i + 1, imei, problem };
    const first = firstAt.get(imei);
    if (first !== undefined) return { row: i + 1, imei, problem: `Ky IMEI është shkruar edhe në rreshtin ${first}.` };
    firstAt.set(imei, i + 1);
    return { row: i + 1, imei, problem: null };
  });
}

/**
 * 'Pranim malli' (issue 28, decision 040): staff choose the product and its variant, scan or type
 * the IMEIs one per line (a scanner's Enter starts the next line), each checked at once; the
 * supplier and purchase price are optional; one press receives all of them or none. Below, the
 * variant's units by status, searched by IMEI.
 */
export function ReceiveStock() {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [imeiText, setImeiText] = useState('');
  const [supplier, setSupplier] = useState('');
  const [price, setPrice] = useState('');
  const [status, setStatus] = useState<UnitStatus | ''>('');
  const [imeiSearch, setImeiSearch] = useState('');
  const note = useActionMessage();
  const found = useProductSearch(query);
  const variants = useProductVariants(productId);
  const receive = useReceiveUnits();
  const chosenVariant = variants.data?.variants.find((v) => v.id === variantId) ?? null;
  const units = useVariantUnits(variantId, status, imeiSearch);

  const lines = checkImeiLines(imeiText);
  const bad = lines.filter((l) => l.problem !== null);
  const priceText = price.trim().replace(',', '.');
  const priceValue = priceText === '' ? undefined : Number(priceText);
  const priceBad = priceValue !== undefined && (!Number.isFinite(priceValue) || priceValue < 0 || !/^\d+(\.\d{1,2})?$/.test(priceText));
  const canReceive =
    variantId !== null && lines.length > 0 && lines.length <= MAX_UNITS_PER_RECEIPT && bad.length === 0 && !priceBad && !receive.isPending;

  const chooseProduct = (id: string) => {
    setProductId(id);
    setVariantId(null);
    note.clear();
  };
  if (variants.data && variants.data.productId === productId && variantId === null && variants.data.variants.length === 1) {
    setVariantId(variants.data.variants[0]!.id);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canReceive || variantId === null) return;
    note.clear();
    receive.mutate(
      {
        variantId,
        imeis: lines.map((l) => l.imei),
        ...(supplier.trim() ? { supplier: supplier.trim() } : {}),
        ...(priceValue !== undefined ? { purchasePrice: priceValue } : {}),
      },
      {
        onSuccess: (result) => {
          note.success(`${result.msg} Stoku tani: ${result.stock}.`);
          setImeiText('');
        },
        onError: (err) => note.failure(err),
      },
    );
  };

  return (
    <div className="stock-receive">
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <form
        className="stock-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor={`${ids}-search`}>Produkti (emri, SKU ose marka)</label>
          <div className="stock-search-row">
            <input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
            <button type="submit" className="btn btn-outline">
              Kërko
            </button>
          </div>
        </div>
      </form>
      {query !== '' && found.data && (
        <fieldset className="stock-products">
          <legend>Zgjidhni produktin</legend>
          {found.data.items.length === 0 && <p>Asnjë produkt nuk u gjet.</p>}
          {found.data.items.map((p) => (
            <label key={p.id} className="stock-choice">
              <input type="radio" name={`${ids}-product`} checked={productId === p.id} onChange={() => chooseProduct(p.id)} />
              <span>
                {p.name} <span className="admin-sub">{p.brand}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {productId !== null && variants.data && (
        <form className="stock-form" onSubmit={submit} aria-label="Pranim malli">
          <div className="field">
            <label htmlFor={`${ids}-variant`}>Varianti</label>
            <select
              id={`${ids}-variant`}
              value={variantId ?? ''}
              onChange={(e) => setVariantId(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">Zgjidhni variantin</option>
              {variants.data.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.title || 'Pa opsione'} · SKU {v.sku} · stoku {v.stock ?? 'pa kufi'}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-imeis`}>IMEI (një për rresht: skanoni ose shkruani, Enter për tjetrin)</label>
            <textarea
              id={`${ids}-imeis`}
              rows={6}
              value={imeiText}
              onChange={(e) => setImeiText(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids}-lines`}
              aria-invalid={bad.length > 0 ? true : undefined}
            />
          </div>
          <ol id={`${ids}-lines`} className="stock-lines" aria-live="polite" aria-label="IMEI të kontrolluara">
            {lines.map((l) => (
              <li key={`${l.row}-${l.imei}`} className={l.problem ? 'stock-line-bad' : 'stock-line-ok'}>
                <span className="stock-imei">{l.imei}</span> <span>{l.problem ?? 'në rregull'}</span>
              </li>
            ))}
          </ol>
          <div className="stock-extra">
            <div className="field">
              <label htmlFor={`${ids}-supplier`}>Furnitori (opsional)</label>
              <input id={`${ids}-supplier`} value={supplier} maxLength={120} onChange={(e) => setSupplier(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-price`}>Çmimi i blerjes për njësi, € (opsional)</label>
              <input
                id={`${ids}-price`}
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                aria-invalid={priceBad ? true : undefined}
                aria-describedby={priceBad ? `${ids}-price-error` : undefined}
              />
              {priceBad && (
                <p className="field-error" id={`${ids}-price-error`}>
                  Shkruani një çmim nga 0 me të shumtën 2 shifra dhjetore.
                </p>
              )}
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={!canReceive}>
            {lines.length === 0 ? 'Prano njësitë' : lines.length === 1 ? 'Prano 1 njësi' : `Prano ${lines.length} njësi`}
          </button>
          {chosenVariant && units.data && !units.data.serialized && (
            <p className="admin-sub">Ky variant ende nuk ndiqet me IMEI: pas pranimit stoku i tij do të jetë numri i njësive me IMEI.</p>
          )}
        </form>
      )}

      {variantId !== null && (
        <section className="stock-units" aria-labelledby={`${ids}-units`}>
          <h2 id={`${ids}-units`}>Njësitë e variantit</h2>
          <div className="stock-extra">
            <div className="field">
              <label htmlFor={`${ids}-status`}>Statusi</label>
              <select id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as UnitStatus | '')}>
                <option value="">Të gjitha</option>
                {unitStatuses.map((s) => (
                  <option key={s} value={s}>
                    {unitStatusLabels[s]} ({units.data?.counts[s] ?? 0})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-find`}>Kërko me IMEI</label>
              <input
                id={`${ids}-find`}
                type="search"
                inputMode="numeric"
                value={imeiSearch}
                onChange={(e) => setImeiSearch(e.target.value)}
              />
            </div>
          </div>
          {units.data && units.data.units.length === 0 && <p>Asnjë njësi.</p>}
          {units.data && units.data.units.length > 0 && (
            <table className="table">
              <caption className="visually-hidden">Njësitë me IMEI</caption>
              <thead>
                <tr>
                  <th scope="col">IMEI</th>
                  <th scope="col">Statusi</th>
                  <th scope="col">Furnitori</th>
                  <th scope="col" className="num">
                    Çmimi i blerjes
                  </th>
                  <th scope="col">Pranuar</th>
                  <th scope="col">Porosia</th>
                </tr>
              </thead>
              <tbody>
                {units.data.units.map((u) => (
                  <tr key={u.id}>
                    <td className="stock-imei">{u.imei}</td>
                    <td>{unitStatusLabels[u.status]}</td>
                    <td>{u.supplier ?? '—'}</td>
                    <td className="num">{u.purchasePrice === null ? '—' : formatPrice(u.purchasePrice)}</td>
                    <td>
                      {formatDateTime(u.receivedAt)}
                      {u.receivedBy && <span className="admin-sub">{u.receivedBy}</span>}
                    </td>
                    <td>{u.orderId === null ? '—' : <Link to={`/admin/orders/${u.orderId}`}>#{u.orderId}</Link>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
