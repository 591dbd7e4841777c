import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { VariantFigures } from '../lib/variant-drafts';
import { stockFromText } from '@shop/shared/domain/variants';
import { adminMsg } from '@shop/shared/messages-admin';
import { adminProductBodySchema, type AdminProduct, type AdminProductBody } from '@shop/shared/schemas/admin';
import { categories, categoryLabels, isImageRef, orderedSpecs, type Category } from '@shop/shared/domain/catalogue';
import '../../../components/admin/admin.css';
import { parsePrice } from '../../../lib/price-input';

type Field = 'name' | 'price' | 'oldPrice' | 'description' | 'category' | 'image' | 'stock' | 'brand' | 'sku';
type Values = Record<Field, string>;
/** A specs row as typed (issue 17); rows left wholly empty are dropped. */
export interface SpecDraft {
  key: number;
  label: string;
  value: string;
}
type Errors = Partial<Record<Field | 'specs', string>>;

const fieldOrder: (Field | 'specs')[] = ['name', 'price', 'oldPrice', 'category', 'brand', 'sku', 'image', 'stock', 'description', 'specs'];

const empty: Values = { name: '', price: '', oldPrice: '', description: '', category: 'phone', image: '', stock: '', brand: '', sku: '' };

const euros = (n: number) => String(n).replace('.', ',');

function valuesOf(product: AdminProduct): Values {
  return {
    name: product.name,
    price: euros(product.price),
    oldPrice: product.oldPrice === null ? '' : euros(product.oldPrice),
    description: product.description,
    category: product.category,
    image: product.images[0] ?? '',
    stock: product.stock === null ? '' : String(product.stock),
    brand: product.brand,
    sku: product.sku ?? '',
  };
}

let nextKey = 1;
const specRowsOf = (specs: Record<string, string>): SpecDraft[] =>
  orderedSpecs(specs).map(([label, value]) => ({ key: nextKey++, label, value }));

/** "12" -> 12; empty -> null (no limit: gift cards); anything else NaN (so the schema names the field). */
export function parseStock(text: string): number | null {
  // Empty: not tracked and always sellable, the one rule of domain/variants (decision 039).
  return stockFromText(text);
}

/**
 * Checks the form with the shared contract; returns the body or the first error of each field. An
 * empty old price clears it (null); specs rows with neither label nor value are left out.
 */
export function checkProduct(values: Values, specs: SpecDraft[] = []): { body?: AdminProductBody; errors: Errors } {
  const parsed = adminProductBodySchema.safeParse({
    name: values.name,
    price: parsePrice(values.price),
    oldPrice: parsePrice(values.oldPrice) ?? null,
    description: values.description,
    category: values.category as Category,
    image: values.image,
    stock: parseStock(values.stock),
    brand: values.brand,
    sku: values.sku,
    specs: specs.filter((r) => r.label.trim() !== '' || r.value.trim() !== '').map(({ label, value }) => ({ label, value })),
  });
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | 'specs';
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
  /** Shown below the fields (the photo panel of a saved product, issue 17). */
  children?: ReactNode;
  /**
   * The product's variants as last saved in its 'Variantet' section (issue 27): their price, old
   * price and units replace the fields' (so a later save does not write older figures back); with
   * options the stock is kept per variant, shown here read-only and never sent.
   */
  variantFigures?: VariantFigures;
}

/**
 * The product form of product.md §2.9: name, price, description, category and image link, the
 * units on the shelf (issue 14; empty: no limit), and the old price, brand, SKU and specs rows
 * (issue 17). Name and price are required; the rules are the shared Zod contract the API checks too.
 */
export function ProductForm({
  mode,
  initial,
  onSubmit,
  onCancel,
  resetOnSuccess,
  submitLabel,
  busy,
  autoFocus,
  children,
  variantFigures,
}: Props) {
  const [values, setValues] = useState<Values>(() => (initial ? valuesOf(initial) : empty));
  const [specs, setSpecs] = useState<SpecDraft[]>(() => (initial ? specRowsOf(initial.specs) : []));
  const [errors, setErrors] = useState<Errors>({});
  const [focusSpec, setFocusSpec] = useState<number | null>(null);
  const id = useId();
  const fieldId = (f: Field | 'specs') => `${id}-${f}`;
  const stockPerVariant = variantFigures?.perVariant ?? false;

  useEffect(() => {
    if (!variantFigures) return;
    setValues((v) => ({
      ...v,
      price: euros(variantFigures.price),
      oldPrice: variantFigures.oldPrice === null ? '' : euros(variantFigures.oldPrice),
      stock: variantFigures.stock === null ? '' : String(variantFigures.stock),
    }));
  }, [variantFigures]);

  const set = (f: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { body, errors: found } = checkProduct(values, specs);
    setErrors(found);
    if (!body) {
      const first = fieldOrder.find((f) => found[f]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    try {
      // With options the units are the variants' ('Variantet'): left out, the server keeps them.
      await onSubmit(stockPerVariant ? { ...body, stock: undefined } : body);
      if (resetOnSuccess) {
        setValues(empty);
        setSpecs([]);
      }
    } catch {
      // The caller shows the error; the fields keep what the admin typed.
    }
  };

  const setSpec = (key: number, part: 'label' | 'value', value: string) => {
    setSpecs((rows) => rows.map((r) => (r.key === key ? { ...r, [part]: value } : r)));
    if (errors.specs) setErrors((er) => ({ ...er, specs: undefined }));
  };
  const addSpec = () => {
    const key = nextKey++;
    setSpecs((rows) => [...rows, { key, label: '', value: '' }]);
    setFocusSpec(key);
  };
  const removeSpec = (index: number) => {
    setSpecs((rows) => rows.filter((_, i) => i !== index));
    // The keyboard stays in the table: on the next row's label, else the add button.
    const next = specs[index + 1] ?? specs[index - 1];
    if (next) document.getElementById(`${fieldId('specs')}-${next.key}-label`)?.focus();
    else document.getElementById(fieldId('specs'))?.focus();
  };

  const described = (f: Field | 'specs', hint?: boolean) =>
    [errors[f] ? `${fieldId(f)}-error` : null, hint ? `${fieldId(f)}-hint` : null].filter(Boolean).join(' ') || undefined;
  const errorOf = (f: Field | 'specs') =>
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
          <label htmlFor={fieldId('oldPrice')}>Çmimi i vjetër (€)</label>
          <input
            id={fieldId('oldPrice')}
            name="oldPrice"
            value={values.oldPrice}
            onChange={set('oldPrice')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="bosh: pa zbritje"
            aria-invalid={!!errors.oldPrice}
            aria-describedby={described('oldPrice', true)}
          />
          <p className="field-hint" id={`${fieldId('oldPrice')}-hint`}>
            Shfaqet i vizatuar kur është më i lartë se çmimi.
          </p>
          {errorOf('oldPrice')}
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
          <label htmlFor={fieldId('brand')}>Marka</label>
          <input
            id={fieldId('brand')}
            name="brand"
            value={values.brand}
            onChange={set('brand')}
            maxLength={60}
            autoComplete="off"
            placeholder="p.sh. Samsung"
            aria-invalid={!!errors.brand}
            aria-describedby={described('brand')}
          />
          {errorOf('brand')}
        </div>
        <div className="field">
          <label htmlFor={fieldId('sku')}>SKU</label>
          <input
            id={fieldId('sku')}
            name="sku"
            value={values.sku}
            onChange={set('sku')}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            placeholder="p.sh. 100025"
            aria-invalid={!!errors.sku}
            aria-describedby={described('sku')}
          />
          {errorOf('sku')}
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
            readOnly={stockPerVariant}
            inputMode="numeric"
            autoComplete="off"
            placeholder={adminMsg.unlimited}
            aria-invalid={!!errors.stock}
            aria-describedby={described('stock', true)}
          />
          <p className="field-hint" id={`${fieldId('stock')}-hint`}>
            {stockPerVariant ? 'Shuma e varianteve: stoku ndryshohet për secilin variant te “Variantet”.' : adminMsg.stockHint}
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
        <fieldset className="admin-form-wide spec-rows" aria-describedby={described('specs')}>
          <legend>Specifikimet</legend>
          {specs.length === 0 && <p className="muted">Asnjë specifikim. Shtoni rreshta me emër dhe vlerë (p.sh. Ekrani, 6,1").</p>}
          {specs.map((row, i) => (
            <div className="spec-row" key={row.key}>
              <div className="field">
                <label htmlFor={`${fieldId('specs')}-${row.key}-label`}>Emri {i + 1}</label>
                <input
                  id={`${fieldId('specs')}-${row.key}-label`}
                  value={row.label}
                  onChange={(e) => setSpec(row.key, 'label', e.target.value)}
                  maxLength={60}
                  autoComplete="off"
                  placeholder="p.sh. Ekrani"
                  autoFocus={focusSpec === row.key}
                />
              </div>
              <div className="field">
                <label htmlFor={`${fieldId('specs')}-${row.key}-value`}>Vlera {i + 1}</label>
                <input
                  id={`${fieldId('specs')}-${row.key}-value`}
                  value={row.value}
                  onChange={(e) => setSpec(row.key, 'value', e.target.value)}
                  maxLength={300}
                  autoComplete="off"
                  placeholder='p.sh. 6,1" OLED'
                />
              </div>
              <button
                type="button"
                className="btn btn-sm btn-ghost spec-remove"
                onClick={() => removeSpec(i)}
                aria-label={`Hiq specifikimin ${i + 1}${row.label ? ` (${row.label})` : ''}`}
              >
                Hiq
              </button>
            </div>
          ))}
          <button type="button" id={fieldId('specs')} className="btn btn-sm btn-outline" onClick={addSpec} disabled={specs.length >= 30}>
            + Shto specifikim
          </button>
          {errorOf('specs')}
        </fieldset>
      </div>
      {children}
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
