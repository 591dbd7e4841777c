import { GiftCardField, type GiftCardChoice } from '../../../components/gift-card/gift-card-field';
import { giftCardText } from '@shop/shared/messages-gift-cards';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  counterPaymentLabels,
  counterTotals,
  maxLineDiscountCents,
  settleCounterPayment,
  DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT,
} from '@shop/shared/domain/counter';
import { formatPrice, isWholeCents, toCents, toEuros } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import type { CounterItem } from '@shop/shared/schemas/counter';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { useTill } from '../../../components/admin/use-till';
import { parsePrice } from '../../../lib/price-input';
import { Link, useNavigate } from '../../../lib/router';
import { lookupCounterItem, useCounterCustomers, useCounterSales, useCreateCounterSale, type CounterSaleInput } from '../api/counter';
import '../counter.css';

interface Line {
  key: number;
  item: CounterItem;
  quantity: number;
  discount: string;
  imei: string;
}

type CustomerMode = 'walk-in' | 'registered' | 'new';

/** An amount typed in euros as cents: empty is 0, anything not a price is null. */
const centsOf = (text: string): number | null => {
  const v = parsePrice(text);
  if (v === undefined) return 0;
  return Number.isFinite(v) && v >= 0 && v <= 1_000_000 && isWholeCents(v) ? toCents(v) : null;
};

const itemLabel = (i: { name: string; variantTitle: string }) => (i.variantTitle ? `${i.name} (${i.variantTitle})` : i.name);

/**
 * 'Shitje në dyqan' (issue 28, decision 044): the till. One focused input takes a scanner's code
 * (EAN, SKU or IMEI, then Enter) or a typed name; each line has its quantity, a discount within the
 * owner's limit and, for a phone, its IMEI. The customer is optional; the payment is Cash (the
 * change 'Kusuri' shown at once), POS, Transfer Bankar or a split; the fiscal receipt's number is
 * typed in. The server decides; the screen only shows early what it will say.
 */
export function CounterTill() {
  const ids = useId();
  const navigate = useNavigate();
  const scanRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [scan, setScan] = useState('');
  const [results, setResults] = useState<CounterItem[] | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [mode, setMode] = useState<CustomerMode>('walk-in');
  const [customerQuery, setCustomerQuery] = useState('');
  const [customer, setCustomer] = useState<{ id: number; name: string; email: string } | null>(null);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [cash, setCash] = useState('');
  const [pos, setPos] = useState('');
  const [transfer, setTransfer] = useState('');
  // Decision 048: 'Kartë dhurate' pays its part (a code typed or scanned, up to its balance).
  const [giftCard, setGiftCard] = useState<GiftCardChoice>(null);
  const giftCents = giftCard ? toCents(giftCard.amount) : 0;
  const [receiptNo, setReceiptNo] = useState('');
  const [till, setTill, tills] = useTill();
  const [looking, setLooking] = useState(false);
  const note = useActionMessage();
  const sales = useCounterSales();
  const customers = useCounterCustomers(mode === 'registered' ? customerQuery : '');
  const create = useCreateCounterSale();
  const maxPercent = sales.data?.discountMaxPercent ?? DEFAULT_COUNTER_DISCOUNT_MAX_PERCENT;

  const addItem = (item: CounterItem, imei: string | null) => {
    setResults(null);
    setLines((current) => {
      if (!item.serialized) {
        const same = current.find((l) => l.item.variantId === item.variantId);
        if (same) return current.map((l) => (l === same ? { ...l, quantity: Math.min(99, l.quantity + 1) } : l));
      }
      if (imei && current.some((l) => l.imei === imei)) return current;
      const taken = new Set(current.map((l) => l.imei));
      const firstFree = item.imeisInStock.find((i) => !taken.has(i)) ?? '';
      return [...current, { key: nextKey.current++, item, quantity: 1, discount: '', imei: item.serialized ? (imei ?? firstFree) : '' }];
    });
    scanRef.current?.focus();
  };

  const lookup = async () => {
    const q = scan.trim();
    if (q === '' || looking) return;
    note.clear();
    setLooking(true);
    try {
      const found = await lookupCounterItem(q);
      if (found.match === 'imei' && found.items[0]) addItem(found.items[0], found.imei);
      else if (found.match === 'code' && found.items.length === 1) addItem(found.items[0]!, null);
      else if (found.items.length === 0) note.failure(new Error(`Asnjë produkt për “${q}”.`));
      else setResults(found.items);
      setScan('');
    } catch (err) {
      note.failure(err);
    } finally {
      setLooking(false);
    }
  };

  const onScanKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void lookup();
    }
  };

  const update = (key: number, change: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const remove = (key: number) => {
    setLines((ls) => ls.filter((l) => l.key !== key));
    scanRef.current?.focus();
  };

  // The amounts as the server will count them.
  const lineFacts = lines.map((l) => {
    const unitPriceCents = toCents(l.item.price);
    const discountCents = centsOf(l.discount);
    const max = maxLineDiscountCents(unitPriceCents * l.quantity, maxPercent);
    const problem =
      discountCents === null
        ? 'Zbritja duhet të jetë një shumë me të shumtën 2 shifra dhjetore.'
        : discountCents > max
          ? `Më së shumti ${formatPrice(toEuros(max))} (${maxPercent}%).`
          : l.item.serialized && l.imei === ''
            ? 'Zgjidhni IMEI-në.'
            : null;
    return { line: l, unitPriceCents, discountCents: discountCents ?? 0, problem };
  });
  const totals = counterTotals(
    lineFacts.map((f) => ({ unitPriceCents: f.unitPriceCents, quantity: f.line.quantity, discountCents: f.discountCents })),
  );
  const paid = { cashGivenCents: centsOf(cash), posCents: centsOf(pos), transferCents: centsOf(transfer) };
  const amountsOk = paid.cashGivenCents !== null && paid.posCents !== null && paid.transferCents !== null;
  const settled = amountsOk
    ? settleCounterPayment(totals.totalCents, {
        cashGivenCents: paid.cashGivenCents!,
        posCents: paid.posCents!,
        transferCents: paid.transferCents!,
        giftCardCents: giftCents,
      })
    : null;
  const paymentProblem = !amountsOk
    ? 'Shumat e pagesës duhet të kenë me të shumtën 2 shifra dhjetore.'
    : settled && !settled.ok
      ? settled.problem === 'short'
        ? `Mungojnë ${formatPrice(toEuros(settled.missingCents))}.`
        : settled.problem === 'cards-exceed'
          ? 'POS dhe transferi bashkë nuk mund të kalojnë totalin.'
          : settled.problem === 'cash-not-needed'
            ? 'POS dhe transferi e mbulojnë totalin: mos shkruani para në dorë.'
            : 'Shkruani pagesën.'
      : null;
  const customerProblem =
    mode === 'registered' && customer === null
      ? 'Zgjidhni klientin e regjistruar.'
      : mode === 'new' && customerName.trim().length < 2
        ? 'Shkruani emrin e klientit.'
        : null;
  const canSell =
    lines.length > 0 &&
    lineFacts.every((f) => f.problem === null) &&
    settled?.ok === true &&
    receiptNo.trim() !== '' &&
    customerProblem === null &&
    !create.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSell) return;
    note.clear();
    const body: CounterSaleInput = {
      receiptNo: receiptNo.trim(),
      till,
      lines: lineFacts.map((f) => ({
        variantId: f.line.item.variantId,
        quantity: f.line.quantity,
        ...(f.discountCents > 0 ? { discount: toEuros(f.discountCents) } : {}),
        ...(f.line.item.serialized ? { imei: f.line.imei } : {}),
      })),
      ...(mode === 'registered' && customer ? { customer: { userId: customer.id } } : {}),
      ...(mode === 'new'
        ? { customer: { name: customerName.trim(), ...(customerPhone.trim() ? { phone: customerPhone.trim() } : {}) } }
        : {}),
      payment: {
        ...(paid.cashGivenCents ? { cashGiven: toEuros(paid.cashGivenCents) } : {}),
        ...(paid.posCents ? { pos: toEuros(paid.posCents) } : {}),
        ...(paid.transferCents ? { transfer: toEuros(paid.transferCents) } : {}),
        ...(giftCard ? { giftCard } : {}),
      },
    };
    create.mutate(body, {
      // The gift cards the sale issued travel to the sale's page in its state only (their codes are shown once, to print).
      onSuccess: (result) =>
        navigate(`/admin/shitje/${result.sale.id}`, {
          state: { msg: result.msg, ...(result.giftCards ? { giftCards: result.giftCards } : {}) },
        }),
      onError: (err) => note.failure(err),
    });
  };

  const exact = (set: (v: string) => void) => () => {
    const rest = totals.totalCents - giftCents - (set === setCash ? (paid.posCents ?? 0) + (paid.transferCents ?? 0) : 0);
    set(String(toEuros(Math.max(0, rest))).replace('.', ','));
  };

  return (
    <div className="counter">
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <form className="counter-till" onSubmit={submit} aria-label="Shitje në dyqan" noValidate>
        <div className="field counter-scan">
          <label htmlFor={`${ids}-scan`}>Skanoni EAN, SKU ose IMEI (Enter), ose shkruani emrin e produktit</label>
          <div className="counter-scan-row">
            <input
              id={`${ids}-scan`}
              ref={scanRef}
              value={scan}
              onChange={(e) => setScan(e.target.value)}
              onKeyDown={onScanKey}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              aria-busy={looking || undefined}
            />
            <button type="button" className="btn btn-outline" onClick={() => void lookup()} disabled={looking}>
              Shto
            </button>
          </div>
        </div>
        {results && (
          <fieldset className="counter-results">
            <legend>Zgjidhni produktin</legend>
            <ul>
              {results.map((r) => (
                <li key={r.variantId}>
                  <button type="button" className="counter-result" onClick={() => addItem(r, null)}>
                    <span>{itemLabel(r)}</span>
                    <span className="admin-sub">
                      {r.sku} · {formatPrice(r.price)} · {r.stock === null ? 'pa kufi' : `stoku ${r.stock}`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        )}

        <section aria-labelledby={`${ids}-lines`}>
          <h2 id={`${ids}-lines`}>Rreshtat</h2>
          {lines.length === 0 && <p className="muted">Asnjë rresht ende: skanoni një produkt.</p>}
          {lines.length > 0 && (
            <table className="table counter-lines">
              <thead>
                <tr>
                  <th scope="col">Produkti</th>
                  <th scope="col">IMEI</th>
                  <th scope="col" className="num">
                    Çmimi
                  </th>
                  <th scope="col">Sasia</th>
                  <th scope="col">Zbritja €</th>
                  <th scope="col" className="num">
                    Shuma
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Veprime</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lineFacts.map(({ line: l, unitPriceCents, discountCents, problem }) => {
                  const name = itemLabel(l.item);
                  const takenElsewhere = new Set(lines.filter((o) => o.key !== l.key).map((o) => o.imei));
                  return (
                    <tr key={l.key}>
                      <th scope="row">
                        {name}
                        <span className="admin-sub">{l.item.sku}</span>
                      </th>
                      <td data-label="IMEI">
                        {l.item.serialized ? (
                          <select
                            aria-label={`IMEI për ${name}`}
                            value={l.imei}
                            onChange={(e) => update(l.key, { imei: e.target.value })}
                            aria-invalid={l.imei === '' || undefined}
                          >
                            <option value="">Zgjidhni IMEI-në</option>
                            {[...new Set([l.imei, ...l.item.imeisInStock].filter((i) => i !== ''))]
                              .filter((i) => !takenElsewhere.has(i))
                              .map((i) => (
                                <option key={i} value={i}>
                                  {i}
                                </option>
                              ))}
                          </select>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="num" data-label="Çmimi">
                        {formatPrice(l.item.price)}
                      </td>
                      <td data-label="Sasia">
                        <input
                          type="number"
                          min={1}
                          max={l.item.serialized ? 1 : 99}
                          className="counter-qty"
                          aria-label={`Sasia për ${name}`}
                          value={l.quantity}
                          disabled={l.item.serialized}
                          onChange={(e) => update(l.key, { quantity: Math.max(1, Math.min(99, Math.trunc(Number(e.target.value)) || 1)) })}
                        />
                      </td>
                      <td data-label="Zbritja €">
                        <input
                          inputMode="decimal"
                          className="counter-discount"
                          aria-label={`Zbritja për ${name}`}
                          value={l.discount}
                          onChange={(e) => update(l.key, { discount: e.target.value })}
                          aria-invalid={problem !== null && l.discount !== '' ? true : undefined}
                          aria-describedby={problem ? `${ids}-p${l.key}` : undefined}
                        />
                        {problem && (
                          <p className="field-error" id={`${ids}-p${l.key}`}>
                            {problem}
                          </p>
                        )}
                      </td>
                      <td className="num" data-label="Shuma">
                        {formatPrice(toEuros(unitPriceCents * l.quantity - discountCents))}
                      </td>
                      <td>
                        <button type="button" className="btn btn-link" onClick={() => remove(l.key)} aria-label={`Hiqe ${name}`}>
                          Hiqe
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <p className="admin-sub">Zbritja për rresht: më së shumti {maxPercent}% e shumës së rreshtit.</p>
        </section>

        <div className="counter-columns">
          <fieldset className="counter-customer">
            <legend>Klienti (opsional)</legend>
            {(
              [
                ['walk-in', 'Klient pa emër'],
                ['registered', 'Klient i regjistruar'],
                ['new', 'Emër dhe telefon'],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="counter-choice">
                <input type="radio" name={`${ids}-mode`} checked={mode === value} onChange={() => setMode(value)} /> {text}
              </label>
            ))}
            {mode === 'registered' && (
              <>
                <div className="field">
                  <label htmlFor={`${ids}-cq`}>Telefoni ose e-maili i klientit</label>
                  <input
                    id={`${ids}-cq`}
                    type="search"
                    value={customerQuery}
                    onChange={(e) => setCustomerQuery(e.target.value)}
                    autoComplete="off"
                  />
                </div>
                {customer && (
                  <p>
                    Zgjedhur: <strong>{customer.name}</strong> ({customer.email})
                  </p>
                )}
                {customers.data && customers.data.customers.length === 0 && <p className="muted">Asnjë klient.</p>}
                <ul className="counter-customers">
                  {customers.data?.customers.map((c) => (
                    <li key={c.id}>
                      <button type="button" className="btn btn-outline" onClick={() => setCustomer(c)} aria-pressed={customer?.id === c.id}>
                        {c.name} · {c.email}
                        {c.phone ? ` · ${c.phone}` : ''}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {mode === 'new' && (
              <>
                <div className="field">
                  <label htmlFor={`${ids}-cn`}>Emri dhe mbiemri</label>
                  <input id={`${ids}-cn`} value={customerName} maxLength={120} onChange={(e) => setCustomerName(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor={`${ids}-cp`}>Telefoni (opsional)</label>
                  <input id={`${ids}-cp`} type="tel" value={customerPhone} onChange={(e) => setCustomerPhone(e.target.value)} />
                </div>
              </>
            )}
            {customerProblem && lines.length > 0 && <p className="field-error">{customerProblem}</p>}
          </fieldset>

          <fieldset className="counter-payment">
            <legend>Pagesa</legend>
            <p className="counter-total">
              Totali: <strong>{formatPrice(toEuros(totals.totalCents))}</strong>
              <span className="admin-sub">
                TVSH e përfshirë (18%): {formatPrice(toEuros(totals.vatCents))}
                {totals.discountCents > 0 && ` · Zbritje: ${formatPrice(toEuros(totals.discountCents))}`}
              </span>
            </p>
            {lines.length > 0 && <GiftCardField due={toEuros(totals.totalCents)} onChange={setGiftCard} hint={giftCardText.counterHint} />}
            {(
              [
                ['cash', `${counterPaymentLabels.cash}: shuma e dhënë €`, cash, setCash],
                ['pos', `${counterPaymentLabels.pos} €`, pos, setPos],
                ['transfer', `${counterPaymentLabels.transfer} €`, transfer, setTransfer],
              ] as const
            ).map(([key, text, value, set]) => (
              <div className="field" key={key}>
                <label htmlFor={`${ids}-${key}`}>{text}</label>
                <div className="counter-scan-row">
                  <input id={`${ids}-${key}`} inputMode="decimal" value={value} onChange={(e) => set(e.target.value)} autoComplete="off" />
                  <button type="button" className="btn btn-outline" onClick={exact(set)} disabled={lines.length === 0}>
                    Saktë
                  </button>
                </div>
              </div>
            ))}
            <p className="counter-change" aria-live="polite">
              Kusuri: <strong>{settled?.ok ? formatPrice(toEuros(settled.changeCents)) : formatPrice(0)}</strong>
            </p>
            {lines.length > 0 && paymentProblem && <p className="field-error">{paymentProblem}</p>}
          </fieldset>
        </div>

        <div className="field counter-till-choice">
          <label htmlFor={`${ids}-till`}>Arka</label>
          <select id={`${ids}-till`} value={till} onChange={(e) => setTill(e.target.value as typeof till)}>
            {tills.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="field counter-receipt-no">
          <label htmlFor={`${ids}-receipt`}>Numri i kuponit fiskal (nga arka fiskale)</label>
          <input
            id={`${ids}-receipt`}
            value={receiptNo}
            maxLength={40}
            onChange={(e) => setReceiptNo(e.target.value)}
            required
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn btn-primary counter-submit" disabled={!canSell}>
          {create.isPending ? 'Po regjistrohet…' : 'Regjistro shitjen'}
        </button>
      </form>

      <section className="counter-recent" aria-labelledby={`${ids}-recent`}>
        <h2 id={`${ids}-recent`}>Shitjet e fundit</h2>
        {sales.data && sales.data.sales.length === 0 && <p className="muted">Asnjë shitje në dyqan ende.</p>}
        {sales.data && sales.data.sales.length > 0 && (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Shitja</th>
                <th scope="col">Kuponi fiskal</th>
                <th scope="col">Klienti</th>
                <th scope="col">Data</th>
                <th scope="col" className="num">
                  Totali
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.data.sales.slice(0, 20).map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/admin/shitje/${s.id}`}>#{s.id}</Link>
                  </td>
                  <td>{s.receiptNo}</td>
                  <td>{s.customerName ?? 'Klient pa emër'}</td>
                  <td>{formatDateTime(s.createdAt)}</td>
                  <td className="num">{formatPrice(s.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
