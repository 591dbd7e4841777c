import { useId, useState, type FormEvent } from 'react';
import { adminMsg } from '@shop/shared/messages-admin';
import { adminProductBodySchema, type AdminProduct, type AdminProductBody } from '@shop/shared/schemas/admin';
import { categories, categoryLabels, isImageRef, type Category } from '@shop/shared/domain/catalogue';
import '../admin.css';

type Field = 'name' | 'price' | 'description' | 'category' | 'image' | 'stock';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const empty: Values = { name: '', price: '', description: '', category: 'phone', image: '', stock: '' };

function valuesOf(product: AdminProduct): Values {
  return {
    name: product.name,
    price: String(product.price).replace('.', ','),
    description: product.description,
    category: product.category,
    image: product.images[0] ?? '',
    stock: product.stock === null ? '' : String(product.stock),
  };
}

/** "12" -> 12; empty -> null (no limit: gift cards); anything else NaN (so the schema names the field). */
export function parseStock(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** "12,50" or "12.50" -> 12.5; empty -> undefined (so the schema says the price is missing). */
export function parsePrice(text: string): number | undefined {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return undefined;
  if (!/^\d+([.,]\d*)?$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}

/** Checks the form with the shared contract; returns the body or the first error of each field. */
export function checkProduct(values: Values): { body?: AdminProductBody; errors: Errors } {
  const parsed = adminProductBodySchema.safeParse({
    name: values.name,
    price: parsePrice(values.price),
    description: values.description,
    category: values.category as Category,
    image: values.image,
    stock: parseStock(values.stock),
  });
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

interface Props {
  mode: 'add' | 'edit';
  initial?: AdminProduct;
  /** Sends the body; a thrown error keeps the form as it is. */
  onSubmit: (body: AdminProductBody) => Promise<unknown>;
  onCancel?: () => void;
  /** Empties the fields after a successful add (the standalone form). */
  resetOnSuccess?: boolean;
  submitLabel?: string;
  busy?: boolean;
  /** Puts the cursor in the name field when the form opens inside a page. */
  autoFocus?: boolean;
}

/**
 * The product form of product.md §2.9: name, price, description, category and image link, and the
 * units on the shelf (issue 14; empty: no limit). Name and price are required; the rules are the
 * shared Zod contract the API checks too.
 */
export function ProductForm({ mode, initial, onSubmit, onCancel, resetOnSuccess, submitLabel, busy, autoFocus }: Props) {
  const [values, setValues] = useState<Values>(() => (initial ? valuesOf(initial) : empty));
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const fieldId = (f: Field) => `${id}-${f}`;

  const set = (f: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { body, errors: found } = checkProduct(values);
    setErrors(found);
    if (!body) {
      const first = (['name', 'price', 'description', 'category', 'image', 'stock'] as Field[]).find((f) => found[f]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    try {
      await onSubmit(body);
      if (resetOnSuccess) setValues(empty);
    } catch {
      // The caller shows the error; the fields keep what the admin typed.
    }
  };

  const described = (f: Field, hint?: boolean) =>
    [errors[f] ? `${fieldId(f)}-error` : null, hint ? `${fieldId(f)}-hint` : null].filter(Boolean).join(' ') || undefined;
  const errorOf = (f: Field) =>
    errors[f] ? (
      <p className="field-error" id={`${fieldId(f)}-error`}>
        {errors[f]}
      </p>
    ) : null;
  const preview = values.image.trim() && isImageRef(values.image.trim()) ? values.image.trim() : null;

  return (
    <form className="form admin-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <div className="admin-form-grid">
        <div className="field">
          <label htmlFor={fieldId('name')}>Emri *</label>
          <input
            id={fieldId('name')}
            name="name"
            autoFocus={autoFocus}
            value={values.name}
            onChange={set('name')}
            required
            maxLength={200}
            autoComplete="off"
            aria-invalid={!!errors.name}
            aria-describedby={described('name')}
          />
          {errorOf('name')}
        </div>
        <div className="field">
          <label htmlFor={fieldId('price')}>Çmimi (€) *</label>
          <input
            id={fieldId('price')}
            name="price"
            value={values.price}
            onChange={set('price')}
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="p.sh. 299,99"
            aria-invalid={!!errors.price}
            aria-describedby={described('price')}
          />
          {errorOf('price')}
        </div>
        <div className="field">
          <label htmlFor={fieldId('category')}>Kategoria</label>
          <select
            id={fieldId('category')}
            name="category"
            value={values.category}
            onChange={set('category')}
            aria-describedby={described('category')}
          >
            {categories.map((c) => (
              <option key={c} value={c}>
                {categoryLabels[c]}
              </option>
            ))}
          </select>
          {errorOf('category')}
        </div>
        <div className="field">
          <label htmlFor={fieldId('image')}>Linku i fotos</label>
          <div className="admin-image-field">
            <input
              id={fieldId('image')}
              name="image"
              value={values.image}
              onChange={set('image')}
              inputMode="url"
              autoComplete="off"
              placeholder="https://... ose /images/..."
              aria-invalid={!!errors.image}
              aria-describedby={described('image', true)}
            />
            {preview && <img className="admin-image-preview" src={preview} alt="" width={44} height={44} />}
          </div>
          <p className="field-hint" id={`${fieldId('image')}-hint`}>
            Adresë https:// ose shteg i faqes që fillon me /. Bosh: foto e zakonshme.
          </p>
          {errorOf('image')}
        </div>
        <div className="field">
          <label htmlFor={fieldId('stock')}>{adminMsg.stockLabel}</label>
          <input
            id={fieldId('stock')}
            name="stock"
            value={values.stock}
            onChange={set('stock')}
            inputMode="numeric"
            autoComplete="off"
            placeholder={adminMsg.unlimited}
            aria-invalid={!!errors.stock}
            aria-describedby={described('stock', true)}
          />
          <p className="field-hint" id={`${fieldId('stock')}-hint`}>
            {adminMsg.stockHint}
          </p>
          {errorOf('stock')}
        </div>
        <div className="field admin-form-wide">
          <label htmlFor={fieldId('description')}>Përshkrimi</label>
          <textarea
            id={fieldId('description')}
            name="description"
            rows={3}
            value={values.description}
            onChange={set('description')}
            maxLength={5000}
            aria-invalid={!!errors.description}
            aria-describedby={described('description')}
          />
          {errorOf('description')}
        </div>
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel ?? (mode === 'edit' ? adminMsg.saveChanges : 'Shto produktin')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {adminMsg.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
