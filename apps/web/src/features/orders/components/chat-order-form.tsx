import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { municipalities, type Municipality } from '@shop/shared/domain/kosovo';
import { formatPrice, linesTotalCents, toCents, toEuros } from '@shop/shared/domain/money';
import {
  deliveryFeeCents,
  fulfilmentLabels,
  orderLimits,
  paymentMethodLabels,
  paymentMethods,
  type Fulfilment,
  type PaymentMethod,
} from '@shop/shared/domain/orders';
import { chatChannels, orderChannelLabels, type ChatChannel } from '@shop/shared/domain/order-channels';
import { normalisePhone } from '@shop/shared/domain/phone';
import { chatOrderMessages, type ChatOrderInput, type ChatOrderResponse } from '@shop/shared/schemas/chat-order';
import { ActionMessage } from '../../../components/admin/action-message';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { Link } from '../../../lib/router';
import {
  useChatProductSearch,
  useChatProductVariants,
  useCreateChatOrder,
  useCustomersByPhone,
  useOrderSettings,
} from '../api/chat-orders';
import '../orders-admin.css';

interface Line {
  id: string;
  variantId?: number;
  name: string;
  price: number;
  quantity: number;
}
const lineKey = (l: Pick<Line, 'id' | 'variantId'>) => `${l.id}:${l.variantId ?? ''}`;

/** The text staff paste into the chat after the order is made. */
export function chatReply(result: ChatOrderResponse, origin: string): string {
  const total = formatPrice(result.order.total);
  return result.link
    ? chatOrderMessages.chatMessage(result.order.id, total, `${origin}${result.link}`)
    : chatOrderMessages.chatMessageAccount(result.order.id, total);
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Porosi nga biseda' (issue 30, decision 047): staff turn a WhatsApp/Viber chat or a call into an
 * order. The phone first (a registered account with that phone takes the order), the name, an
 * optional e-mail, the products, pickup or delivery, the payment and a note; the total is shown as
 * the server will compute it. After the order: its number and, for a guest order, the link and a
 * ready message to paste into the chat.
 */
export function ChatOrderForm() {
  const ids = useId();
  const [channel, setChannel] = useState<ChatChannel>('whatsapp');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [choosing, setChoosing] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [fulfilment, setFulfilment] = useState<Fulfilment>('pickup');
  const [delivery, setDelivery] = useState({ fullName: '', phone: '', city: '', address: '' });
  const [payment, setPayment] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [result, setResult] = useState<ChatOrderResponse | null>(null);
  const [copied, setCopied] = useState('');
  const message = useActionMessage();
  const create = useCreateChatOrder();
  const settings = useOrderSettings();
  const found = useChatProductSearch(query);
  const variants = useChatProductVariants(choosing);

  const normalised = normalisePhone(phone);
  const phoneBad = phone.trim() !== '' && normalised === null;
  const customers = useCustomersByPhone(normalised ?? '');
  const account = normalised ? (customers.data?.customers.find((c) => c.phone === normalised) ?? null) : null;

  const subtotalCents = linesTotalCents(lines);
  const feeCents = settings.data
    ? deliveryFeeCents(fulfilment, subtotalCents, {
        deliveryFeeCents: toCents(settings.data.deliveryFee),
        freeDeliveryFromCents: settings.data.freeDeliveryFrom === null ? null : toCents(settings.data.freeDeliveryFrom),
      })
    : 0;
  const totalCents = subtotalCents + feeCents;

  const addLine = (line: Omit<Line, 'quantity'>) => {
    setLines((ls) =>
      ls.some((l) => lineKey(l) === lineKey(line))
        ? ls.map((l) => (lineKey(l) === lineKey(line) ? { ...l, quantity: Math.min(orderLimits.maxQuantity, l.quantity + 1) } : l))
        : [...ls, { ...line, quantity: 1 }],
    );
    setChoosing(null);
    setVariantId(null);
  };
  const runSearch = () => setQuery(search.trim());
  const searchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      runSearch();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    message.clear();
    const body: ChatOrderInput = {
      channel,
      customer: { phone, name, ...(email.trim() ? { email: email.trim() } : {}) },
      items: lines.map((l) => ({ id: l.id, ...(l.variantId !== undefined ? { variantId: l.variantId } : {}), quantity: l.quantity })),
      fulfilment,
      paymentMethod: payment,
      ...(fulfilment === 'delivery'
        ? {
            delivery: {
              ...delivery,
              city: delivery.city as Municipality,
              fullName: delivery.fullName || name,
              phone: delivery.phone || phone,
            },
          }
        : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    create.mutate(body, { onSuccess: (r) => setResult(r), onError: (err) => message.failure(err) });
  };

  const startOver = () => {
    setResult(null);
    setCopied('');
    setPhone('');
    setName('');
    setEmail('');
    setLines([]);
    setNote('');
    setFulfilment('pickup');
    setPayment('cash');
    setDelivery({ fullName: '', phone: '', city: '', address: '' });
  };

  if (result) {
    const origin = typeof window === 'undefined' ? '' : window.location.origin;
    const link = result.link ? `${origin}${result.link}` : null;
    const reply = chatReply(result, origin);
    return (
      <section className="chat-order-done" aria-labelledby={`${ids}-done`}>
        <h2 id={`${ids}-done`} tabIndex={-1} ref={(el) => el?.focus()}>
          {result.message}
        </h2>
        <p>
          {result.account
            ? `Porosia shkoi në llogarinë e ${result.account.name}.`
            : result.mailed
              ? 'Porosi pa llogari: lidhja iu dërgua klientit edhe me email.'
              : 'Porosi pa llogari, pa email: dërgojani klientit lidhjen në bisedë.'}{' '}
          Totali: <strong>{formatPrice(result.order.total)}</strong>
        </p>
        {link && (
          <div className="field">
            <label htmlFor={`${ids}-link`}>Lidhja e porosisë</label>
            <div className="chat-order-copy">
              <input id={`${ids}-link`} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void copy(link).then((ok) => setCopied(ok ? 'link' : 'fail'))}
              >
                Kopjo lidhjen
              </button>
            </div>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${ids}-reply`}>Mesazhi për bisedën</label>
          <textarea id={`${ids}-reply`} readOnly rows={4} value={reply} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-outline" onClick={() => void copy(reply).then((ok) => setCopied(ok ? 'reply' : 'fail'))}>
            Kopjo mesazhin
          </button>
        </div>
        <p role="status" className="admin-sub">
          {copied === 'link'
            ? 'Lidhja u kopjua.'
            : copied === 'reply'
              ? 'Mesazhi u kopjua.'
              : copied === 'fail'
                ? 'Kopjimi nuk u lejua: zgjidheni tekstin dhe kopjojeni.'
                : ''}
        </p>
        <div className="chat-order-actions">
          <Link to={`/admin/orders/${result.order.id}`} className="btn btn-primary">
            Hap porosinë #{result.order.id}
          </Link>
          <button type="button" className="btn btn-outline" onClick={startOver}>
            Porosi e re
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="chat-order" onSubmit={submit} aria-label={chatOrderMessages.title} noValidate>
      <ActionMessage message={message.message} onDismiss={message.clear} />
      <fieldset className="chat-order-radios">
        <legend>Nga erdhi porosia</legend>
        {chatChannels.map((c) => (
          <label key={c}>
            <input type="radio" name={`${ids}-channel`} checked={channel === c} onChange={() => setChannel(c)} /> {orderChannelLabels[c]}
          </label>
        ))}
      </fieldset>

      <fieldset>
        <legend>Klienti</legend>
        <div className="field">
          <label htmlFor={`${ids}-phone`}>Telefoni i klientit</label>
          <input
            id={`${ids}-phone`}
            type="tel"
            autoComplete="off"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={phoneBad ? true : undefined}
            aria-describedby={`${ids}-phone-hint`}
            required
          />
          <p id={`${ids}-phone-hint`} className={phoneBad ? 'field-error' : 'admin-sub'} aria-live="polite">
            {phoneBad
              ? chatOrderMessages.phone
              : account
                ? `Klient i regjistruar: ${account.name}. Porosia shkon në llogarinë e tij.`
                : normalised
                  ? 'Asnjë llogari me këtë telefon: do të jetë porosi pa llogari, me lidhje për bisedën.'
                  : 'P.sh. 044 123 456 ose +41 79 123 45 67.'}
          </p>
          {account && name.trim() === '' && (
            <button type="button" className="btn btn-outline" onClick={() => setName(account.name)}>
              Përdor emrin “{account.name}”
            </button>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-name`}>Emri dhe mbiemri</label>
          <input id={`${ids}-name`} value={name} maxLength={orderLimits.name} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-email`}>Email (opsional)</label>
          <input id={`${ids}-email`} type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
          <p className="admin-sub">Pa email nuk dërgohet email: lidhjen ia dërgoni në bisedë.</p>
        </div>
      </fieldset>

      <fieldset>
        <legend>Produktet</legend>
        <div className="field">
          <label htmlFor={`${ids}-search`}>Kërko produktin (emri, SKU ose marka)</label>
          <div className="chat-order-copy">
            <input
              id={`${ids}-search`}
              type="search"
              autoComplete="off"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={searchKey}
            />
            <button type="button" className="btn btn-outline" onClick={runSearch}>
              Kërko
            </button>
          </div>
        </div>
        {query !== '' && found.data && (
          <ul className="chat-order-found" aria-label="Produktet e gjetura">
            {found.data.items.length === 0 && <li>Asnjë produkt nuk u gjet.</li>}
            {found.data.items.map((p) => (
              <li key={p.id}>
                <span>
                  {p.name} <span className="admin-sub">{formatPrice(p.price)}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={`Shto ${p.name}`}
                  onClick={() => (p.variantCount > 1 ? setChoosing(p.id) : addLine({ id: p.id, name: p.name, price: p.price }))}
                >
                  {p.variantCount > 1 ? 'Zgjidh variantin' : 'Shto'}
                </button>
              </li>
            ))}
          </ul>
        )}
        {choosing !== null && variants.data && variants.data.productId === choosing && (
          <div className="field">
            <label htmlFor={`${ids}-variant`}>Varianti</label>
            <div className="chat-order-copy">
              <select
                id={`${ids}-variant`}
                value={variantId ?? ''}
                onChange={(e) => setVariantId(e.target.value === '' ? null : Number(e.target.value))}
              >
                <option value="">Zgjidhni variantin</option>
                {variants.data.variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.title || 'Pa opsione'} · {formatPrice(v.price)} · stoku {v.stock ?? 'pa kufi'}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-outline"
                disabled={variantId === null}
                onClick={() => {
                  const v = variants.data.variants.find((x) => x.id === variantId);
                  const p = found.data?.items.find((x) => x.id === choosing);
                  if (v && p) addLine({ id: p.id, variantId: v.id, name: v.title ? `${p.name} (${v.title})` : p.name, price: v.price });
                }}
              >
                Shto variantin
              </button>
            </div>
          </div>
        )}
        {lines.length > 0 ? (
          <table className="chat-order-lines">
            <caption className="visually-hidden">Produktet e porosisë</caption>
            <thead>
              <tr>
                <th scope="col">Produkti</th>
                <th scope="col">Sasia</th>
                <th scope="col">Shuma</th>
                <th scope="col">
                  <span className="visually-hidden">Hiq</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={lineKey(l)}>
                  <td>{l.name}</td>
                  <td>
                    <input
                      type="number"
                      min={1}
                      max={orderLimits.maxQuantity}
                      value={l.quantity}
                      aria-label={`Sasia e ${l.name}`}
                      onChange={(e) => {
                        const q = Math.max(1, Math.min(orderLimits.maxQuantity, Math.trunc(Number(e.target.value) || 1)));
                        setLines((ls) => ls.map((x) => (lineKey(x) === lineKey(l) ? { ...x, quantity: q } : x)));
                      }}
                    />
                  </td>
                  <td>{formatPrice(toEuros(linesTotalCents([l])))}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-label={`Hiq ${l.name}`}
                      onClick={() => setLines((ls) => ls.filter((x) => lineKey(x) !== lineKey(l)))}
                    >
                      Hiq
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="admin-sub">Ende asnjë produkt.</p>
        )}
      </fieldset>

      <fieldset className="chat-order-radios">
        <legend>Marrja</legend>
        {(['pickup', 'delivery'] as const).map((f) => (
          <label key={f}>
            <input type="radio" name={`${ids}-fulfilment`} checked={fulfilment === f} onChange={() => setFulfilment(f)} />{' '}
            {fulfilmentLabels[f]}
          </label>
        ))}
      </fieldset>
      {fulfilment === 'delivery' && (
        <fieldset>
          <legend>Dërgesa</legend>
          <div className="field">
            <label htmlFor={`${ids}-d-name`}>Marrësi (bosh: klienti)</label>
            <input
              id={`${ids}-d-name`}
              value={delivery.fullName}
              placeholder={name}
              onChange={(e) => setDelivery({ ...delivery, fullName: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-d-phone`}>Telefoni i marrësit (bosh: i klientit)</label>
            <input
              id={`${ids}-d-phone`}
              type="tel"
              value={delivery.phone}
              placeholder={phone}
              onChange={(e) => setDelivery({ ...delivery, phone: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-d-city`}>Komuna</label>
            <select
              id={`${ids}-d-city`}
              value={delivery.city}
              onChange={(e) => setDelivery({ ...delivery, city: e.target.value })}
              required
            >
              <option value="">Zgjidhni komunën</option>
              {municipalities.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-d-address`}>Adresa</label>
            <input
              id={`${ids}-d-address`}
              value={delivery.address}
              maxLength={orderLimits.address}
              onChange={(e) => setDelivery({ ...delivery, address: e.target.value })}
              required
            />
          </div>
        </fieldset>
      )}

      <fieldset className="chat-order-radios">
        <legend>Pagesa</legend>
        {paymentMethods.map((m) => (
          <label key={m}>
            <input type="radio" name={`${ids}-payment`} checked={payment === m} onChange={() => setPayment(m)} /> {paymentMethodLabels[m]}
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={`${ids}-note`}>Shënim (opsional)</label>
        <textarea id={`${ids}-note`} rows={2} maxLength={orderLimits.note} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>

      <dl className="chat-order-total" aria-live="polite">
        <dt>Produktet</dt>
        <dd>{formatPrice(toEuros(subtotalCents))}</dd>
        <dt>Dërgesa</dt>
        <dd>{formatPrice(toEuros(feeCents))}</dd>
        <dt>Totali</dt>
        <dd>
          <strong>{formatPrice(toEuros(totalCents))}</strong>
        </dd>
      </dl>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || lines.length === 0}>
        {create.isPending ? 'Duke krijuar…' : 'Krijo porosinë'}
      </button>
    </form>
  );
}
