import { useEffect, useRef, useState, type FormEvent } from 'react';
import { categories, categoryLabels } from '@shop/shared/domain/catalogue';
import { discountKinds, type DiscountKind } from '@shop/shared/domain/discounts';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime, formatDay } from '@shop/shared/domain/time';
import { orderStatusLabels, type OrderStatus } from '@shop/shared/domain/orders';
import { discountAdminText as text } from '@shop/shared/messages-discounts';
import type { AdminDiscountCode, CreateDiscountCodeInput } from '@shop/shared/schemas/discounts';
import { Link } from '../../../lib/router';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { AdminTable, RowActions } from '../../../components/admin/admin-table';
import {
  useCreateDiscountCode,
  useDiscountCodes,
  useDiscountProductSearch,
  useDiscountUses,
  usePauseDiscountCode,
  useUpdateDiscountCode,
} from '../api/discount-codes';
import '../discounts.css';

/** '10,50' or '10.50' as a number; '' as undefined (the server refuses what is not a number). */
const numberOf = (v: string): number | undefined =>
  v.trim() === ''
    ? undefined
    : Number(
        v
          .trim()
          .replace(/\./g, v.includes(',') ? '' : '.')
          .replace(',', '.'),
      );

const valueText = (c: AdminDiscountCode) =>
  c.kind === 'percent' ? `−${c.value}%` : c.kind === 'amount' ? `−${formatPrice(c.value)}` : text.kinds['free-delivery'];

function scopeText(c: AdminDiscountCode): string {
  const parts = [
    ...c.brands,
    ...c.categories.map((k) => categoryLabels[k as keyof typeof categoryLabels] ?? k),
    ...(c.productIds.length > 0 ? [`${c.productIds.length} produkte`] : []),
  ];
  return parts.length === 0 ? text.all : parts.join(' · ');
}

const emptyForm = {
  code: '',
  name: '',
  kind: 'percent' as DiscountKind,
  value: '',
  validFrom: '',
  validTo: '',
  minSubtotal: '',
  categories: [] as string[],
  brands: '',
  products: [] as { id: string; name: string }[],
  maxUses: '',
  maxUsesPerCustomer: '',
};
type FormState = typeof emptyForm;

/** Euros as the form shows them ('7,50'); nothing for 0. */
const eurosText = (v: number) => (v === 0 ? '' : v.toFixed(2).replace('.', ','));

/** An existing code as the form shows it (decision 053: 'Ndrysho' opens the form filled in). */
const formOf = (c: AdminDiscountCode): FormState => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  value: c.kind === 'percent' ? String(c.value) : c.kind === 'amount' ? eurosText(c.value) : '',
  validFrom: c.validFrom ?? '',
  validTo: c.validTo ?? '',
  minSubtotal: eurosText(c.minSubtotal),
  categories: [...c.categories],
  brands: c.brands.join(', '),
  products: c.products.map((p) => ({ ...p })),
  maxUses: c.maxUses === null ? '' : String(c.maxUses),
  maxUsesPerCustomer: c.maxUsesPerCustomer === null ? '' : String(c.maxUsesPerCustomer),
});

/** The body the API takes, the same for a new code and an edit (one schema checks both). */
const bodyOf = (form: FormState): CreateDiscountCodeInput => ({
  code: form.code,
  name: form.name,
  kind: form.kind,
  ...(form.kind === 'free-delivery' ? {} : { value: numberOf(form.value) }),
  validFrom: form.validFrom || null,
  validTo: form.validTo || null,
  minSubtotal: numberOf(form.minSubtotal) ?? 0,
  categories: form.categories as CreateDiscountCodeInput['categories'],
  brands: form.brands
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean),
  productIds: form.products.map((p) => p.id),
  maxUses: numberOf(form.maxUses) ?? null,
  maxUsesPerCustomer: numberOf(form.maxUsesPerCustomer) ?? null,
});

/**
 * 'Kod i ri', or 'Ndrysho kodin …' when `editing` names a code (decision 053): every field of a
 * code, the scope by categories, brands and products (searched). A code an order named keeps its
 * text (the server refuses a change; the field says so and is read-only).
 */
function CodeForm({
  editing,
  onDone,
  onError,
  onCancel,
}: {
  editing?: AdminDiscountCode;
  onDone: (code: string) => void;
  onError: (err: unknown) => void;
  onCancel?: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => (editing ? formOf(editing) : emptyForm));
  const [q, setQ] = useState('');
  const search = useDiscountProductSearch(q);
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const pending = editing ? update.isPending : create.isPending;
  const title = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const codeLocked = !!editing?.codeLocked;

  // Opened from a row's 'Ndrysho': the form's heading takes the focus (and comes into view) once,
  // not again when the list is read anew while staff type (a new object, the same code).
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId === undefined) return;
    title.current?.focus();
    title.current?.scrollIntoView?.({ block: 'start' });
  }, [editingId]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = bodyOf(form);
    if (editing) {
      update.mutate({ id: editing.id, body }, { onSuccess: (saved) => onDone(saved.code), onError });
      return;
    }
    create.mutate(body, {
      onSuccess: (made) => {
        setForm(emptyForm);
        setQ('');
        onDone(made.code);
      },
      onError,
    });
  }

  return (
    <form
      className={editing ? 'discount-form discount-form-edit admin-card' : 'discount-form admin-card'}
      onSubmit={submit}
      noValidate
      aria-labelledby="discount-form-title"
      aria-describedby={editing ? 'discount-edit-hint' : undefined}
    >
      <h2 id="discount-form-title" ref={title} tabIndex={editing ? -1 : undefined}>
        {editing ? text.editTitle(editing.code) : text.newCode}
      </h2>
      {editing && (
        <p id="discount-edit-hint" className="field-hint">
          {text.editHint}
        </p>
      )}
      <div className="discount-form-grid">
        <div className="field">
          <label htmlFor="dc-code">{text.code}</label>
          <input
            id="dc-code"
            value={form.code}
            onChange={(e) => set('code', e.target.value)}
            aria-describedby="dc-code-hint"
            autoComplete="off"
            readOnly={codeLocked}
            required
          />
          <span id="dc-code-hint" className="field-hint">
            {codeLocked ? text.codeLocked : text.codeHint}
          </span>
        </div>
        <div className="field">
          <label htmlFor="dc-name">{text.name}</label>
          <input id="dc-name" value={form.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="dc-kind">{text.kind}</label>
          <select id="dc-kind" value={form.kind} onChange={(e) => set('kind', e.target.value as DiscountKind)}>
            {discountKinds.map((k) => (
              <option key={k} value={k}>
                {text.kinds[k]}
              </option>
            ))}
          </select>
        </div>
        {form.kind !== 'free-delivery' && (
          <div className="field">
            <label htmlFor="dc-value">{text.value}</label>
            <input
              id="dc-value"
              inputMode="decimal"
              value={form.value}
              onChange={(e) => set('value', e.target.value)}
              aria-describedby="dc-value-hint"
            />
            <span id="dc-value-hint" className="field-hint">
              {form.kind === 'percent' ? text.percentHint : text.amountHint}
            </span>
          </div>
        )}
        <div className="field">
          <label htmlFor="dc-from">{text.validFrom}</label>
          <input id="dc-from" type="date" value={form.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="dc-to">{text.validTo}</label>
          <input id="dc-to" type="date" value={form.validTo} onChange={(e) => set('validTo', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="dc-min">{text.minSubtotal}</label>
          <input id="dc-min" inputMode="decimal" value={form.minSubtotal} onChange={(e) => set('minSubtotal', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="dc-max">{text.maxUses}</label>
          <input
            id="dc-max"
            inputMode="numeric"
            value={form.maxUses}
            onChange={(e) => set('maxUses', e.target.value)}
            aria-describedby="dc-limit-hint"
          />
        </div>
        <div className="field">
          <label htmlFor="dc-max-customer">{text.maxUsesPerCustomer}</label>
          <input
            id="dc-max-customer"
            inputMode="numeric"
            value={form.maxUsesPerCustomer}
            onChange={(e) => set('maxUsesPerCustomer', e.target.value)}
            aria-describedby="dc-limit-hint"
          />
          <span id="dc-limit-hint" className="field-hint">
            {text.noLimit}
          </span>
        </div>
      </div>
      <fieldset className="discount-scope">
        <legend>{text.scope}</legend>
        <p className="field-hint">{text.scopeHint}</p>
        <fieldset className="discount-categories">
          <legend>{text.categories}</legend>
          {categories.map((c) => (
            <label key={c} className="discount-check">
              <input
                type="checkbox"
                checked={form.categories.includes(c)}
                onChange={(e) => set('categories', e.target.checked ? [...form.categories, c] : form.categories.filter((x) => x !== c))}
              />
              {categoryLabels[c]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="dc-brands">{text.brands}</label>
          <input id="dc-brands" value={form.brands} onChange={(e) => set('brands', e.target.value)} placeholder="Samsung, Apple" />
        </div>
        <div className="field">
          <label htmlFor="dc-product-search">{text.productSearch}</label>
          <input id="dc-product-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
        </div>
        {search.data && search.data.items.length > 0 && (
          <ul className="discount-results" aria-label={text.productSearch}>
            {search.data.items.map((p) => (
              <li key={p.id}>
                <span>{p.name}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={form.products.some((x) => x.id === p.id)}
                  onClick={() => set('products', [...form.products, { id: p.id, name: p.name }])}
                  aria-label={`${text.addProduct} ${p.name}`}
                >
                  {text.addProduct}
                </button>
              </li>
            ))}
          </ul>
        )}
        {form.products.length > 0 && (
          <ul className="discount-chosen" aria-label={text.products}>
            {form.products.map((p) => (
              <li key={p.id}>
                {p.name}
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  onClick={() =>
                    set(
                      'products',
                      form.products.filter((x) => x.id !== p.id),
                    )
                  }
                  aria-label={text.removeProduct(p.name)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="discount-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
          {editing ? (pending ? text.saving : text.save) : pending ? text.creating : text.create}
        </button>
        {editing && onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {text.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** A code's orders: date, customer, discount. */
function Uses({ code }: { code: AdminDiscountCode }) {
  const uses = useDiscountUses(code.id);
  return (
    <section className="discount-uses" aria-labelledby="discount-uses-title">
      <h2 id="discount-uses-title">
        {text.uses}: {code.code}
      </h2>
      <QueryState {...adminQueryStates} isPending={uses.isPending} error={uses.error} onRetry={() => void uses.refetch()}>
        {uses.data && (
          <AdminTable
            caption={`${text.uses}: ${code.code}`}
            columns={[text.order, text.date, text.customer, 'Zbritja', text.status]}
            isEmpty={uses.data.length === 0}
            emptyText={text.noUses}
          >
            {uses.data.map((u) => (
              <tr key={u.orderId}>
                <td data-label={text.order}>
                  <Link to={`/admin/orders/${u.orderId}`}>#{u.orderId}</Link>
                </td>
                <td data-label={text.date}>{formatDateTime(u.createdAt)}</td>
                <td data-label={text.customer}>{u.customer}</td>
                <td data-label="Zbritja">−{formatPrice(u.discount)}</td>
                <td data-label={text.status}>{orderStatusLabels[u.status as OrderStatus] ?? u.status}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
    </section>
  );
}

/** 'Kodet e zbritjes' (issue 29, decisions 049, 053, 055): the codes, a new one, edit, pause and resume, the uses per code. */
export function DiscountCodesAdmin() {
  const codes = useDiscountCodes();
  const pause = usePauseDiscountCode();
  const note = useActionMessage();
  const [open, setOpen] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const [refocus, setRefocus] = useState<number | null>(null);
  const editing = codes.data?.find((c) => c.id === editId);
  // The edit closed: the focus goes back to the row's 'Ndrysho'.
  useEffect(() => {
    if (refocus === null) return;
    document.querySelector<HTMLButtonElement>(`button[data-edit="${refocus}"]`)?.focus();
    setRefocus(null);
  }, [refocus]);
  const closeEdit = () => {
    setRefocus(editId);
    setEditId(null);
  };
  const columns = [text.code, text.value, text.scope, text.valid, text.uses, text.discounted, text.status, 'Veprime'] as const;
  const shown = codes.data?.find((c) => c.id === open) ?? null;

  return (
    <>
      <div className="admin-head">
        <h1 className="page-title">{text.title}</h1>
      </div>
      <p className="muted">{text.intro}</p>
      <ActionMessage message={note.message} onDismiss={note.clear} />
      {editing ? (
        <CodeForm
          key={editing.id}
          editing={editing}
          onDone={(code) => {
            note.success(text.updated(code));
            closeEdit();
          }}
          onError={(err) => note.failure(err)}
          onCancel={closeEdit}
        />
      ) : (
        <CodeForm onDone={(code) => note.success(`Kodi ${code} u krijua.`)} onError={(err) => note.failure(err)} />
      )}
      <h2 className="discount-list-title">{text.list}</h2>
      <QueryState {...adminQueryStates} isPending={codes.isPending} error={codes.error} onRetry={() => void codes.refetch()}>
        {codes.data && (
          <AdminTable caption={text.title} columns={columns} isEmpty={codes.data.length === 0} emptyText={text.none}>
            {codes.data.map((c) => (
              <tr key={c.id} data-code={c.code}>
                <td data-label={text.code}>
                  <strong>{c.code}</strong>
                  {c.name && <span className="admin-sub">{c.name}</span>}
                </td>
                <td data-label={text.value}>
                  {valueText(c)}
                  {c.minSubtotal > 0 && <span className="admin-sub">≥ {formatPrice(c.minSubtotal)}</span>}
                </td>
                <td data-label={text.scope}>{scopeText(c)}</td>
                <td data-label={text.valid}>
                  {c.validFrom || c.validTo
                    ? `${c.validFrom ? formatDay(c.validFrom) : '…'} – ${c.validTo ? formatDay(c.validTo) : '…'}`
                    : text.always}
                </td>
                <td data-label={text.uses}>
                  {c.uses}
                  {c.maxUses !== null && ` / ${c.maxUses}`}
                </td>
                <td data-label={text.discounted}>{formatPrice(c.discounted)}</td>
                <td data-label={text.status}>{c.paused ? text.paused : text.active}</td>
                <td data-label="Veprime">
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      data-edit={c.id}
                      aria-expanded={editId === c.id}
                      aria-label={`${text.edit} ${c.code}`}
                      onClick={() => {
                        note.clear();
                        setEditId(c.id);
                      }}
                    >
                      {text.edit}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      disabled={pause.isPending}
                      aria-label={`${c.paused ? text.resume : text.pause} ${c.code}`}
                      onClick={() =>
                        pause.mutate(
                          { id: c.id, paused: !c.paused },
                          {
                            onSuccess: (r) => note.success(`Kodi ${r.code} ${r.paused ? 'u pezullua' : 'u rifillua'}.`),
                            onError: (e) => note.failure(e),
                          },
                        )
                      }
                    >
                      {c.paused ? text.resume : text.pause}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      aria-expanded={open === c.id}
                      aria-label={`${open === c.id ? text.hideUses : text.showUses} ${c.code}`}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {open === c.id ? text.hideUses : text.showUses}
                    </button>
                  </RowActions>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
      {shown && <Uses code={shown} />}
    </>
  );
}
