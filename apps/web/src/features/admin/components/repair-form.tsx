import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  repairAccessories,
  repairAccessoryLabels,
  repairConditionLabels,
  repairConditions,
  repairLimits as L,
  type RepairAccessory,
  type RepairCondition,
} from '@shop/shared/domain/repairs';
import { modelsOf, warrantyBrands } from '@shop/shared/domain/warranty';
import { repairMessages, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import {
  repairCreateBodySchema,
  repairUpdateBodySchema,
  type RepairCreateBody,
  type RepairDetail,
  type RepairUpdateBody,
} from '@shop/shared/schemas/repairs';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../error-text';
import { parsePrice } from './product-form';
import '../admin.css';
import '../repairs.css';

/** The form's fields in the order they are shown (the first one with a message gets the focus). */
const fieldOrder = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'brand',
  'model',
  'imei',
  'colour',
  'fault',
  'conditions',
  'conditionNotes',
  'accessories',
  'pin',
  'estimate',
  'deposit',
  'technician',
] as const;
export type RepairField = (typeof fieldOrder)[number];
type TextField = Exclude<RepairField, 'conditions' | 'accessories'>;

export interface RepairFormValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  brand: string;
  model: string;
  imei: string;
  colour: string;
  fault: string;
  conditions: RepairCondition[];
  conditionNotes: string;
  accessories: RepairAccessory[];
  pin: string;
  estimate: string;
  deposit: string;
  technician: string;
}
type Errors = Partial<Record<RepairField, string>>;

export const emptyRepairValues: RepairFormValues = {
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  brand: '',
  model: '',
  imei: '',
  colour: '',
  fault: '',
  conditions: [],
  conditionNotes: '',
  accessories: [],
  pin: '',
  estimate: '',
  deposit: '',
  technician: '',
};

const money = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

/** A ticket's values as the edit form shows them (the PIN field starts empty: it is never sent to the page). */
export const repairValuesOf = (r: RepairDetail): RepairFormValues => ({
  customerName: r.customerName,
  customerPhone: r.customerPhone,
  customerEmail: r.customerEmail,
  brand: r.brand,
  model: r.model,
  imei: r.imei,
  colour: r.colour,
  fault: r.fault,
  conditions: [...r.conditions],
  conditionNotes: r.conditionNotes,
  accessories: [...r.accessories],
  pin: '',
  estimate: money(r.estimate),
  deposit: r.deposit === 0 ? '' : money(r.deposit),
  technician: r.technician,
});

/** An amount typed as '45' or '45,50'; empty gives `empty` (the estimate: not known yet; the deposit: none). */
function amount(text: string, empty: null | undefined): number | null | undefined {
  const parsed = parsePrice(text);
  return parsed === undefined ? empty : parsed;
}

const firstErrors = (issues: readonly { path: PropertyKey[]; message: string }[]): Errors => {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as RepairField;
    if ((fieldOrder as readonly string[]).includes(field as string)) errors[field] ??= issue.message;
  }
  return errors;
};

/** The intake form checked with the shared contract: the body, or the first message of each field. */
export function checkNewRepair(v: RepairFormValues, warrantySheetId: number | null): { body?: RepairCreateBody; errors: Errors } {
  const parsed = repairCreateBodySchema.safeParse({
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    customerEmail: v.customerEmail,
    brand: v.brand,
    model: v.model,
    imei: v.imei.replace(/\s/g, ''),
    colour: v.colour,
    fault: v.fault,
    conditions: v.conditions,
    conditionNotes: v.conditionNotes,
    accessories: v.accessories,
    pin: v.pin,
    estimate: amount(v.estimate, null),
    deposit: amount(v.deposit, undefined),
    technician: v.technician,
    warrantySheetId,
  });
  // The body sent is what was typed (the schema's defaults and trims are the server's to apply again).
  if (parsed.success) return { body: parsed.data, errors: {} };
  return { errors: firstErrors(parsed.error.issues) };
}

/**
 * The edit form checked with the shared contract. The PIN is sent only when a new one is typed,
 * or as '' when staff remove the stored one.
 */
export function checkRepairEdit(v: RepairFormValues, removePin: boolean): { body?: RepairUpdateBody; errors: Errors } {
  const input: RepairUpdateBody = {
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    customerEmail: v.customerEmail,
    colour: v.colour,
    fault: v.fault,
    conditions: v.conditions,
    conditionNotes: v.conditionNotes,
    accessories: v.accessories,
    ...(removePin ? { pin: '' } : v.pin ? { pin: v.pin } : {}),
    estimate: amount(v.estimate, null),
    deposit: amount(v.deposit, undefined) ?? 0,
    technician: v.technician,
  };
  const parsed = repairUpdateBodySchema.safeParse(input);
  // The fields as named: a PATCH changes only what it sends (no schema default may add a field).
  if (parsed.success) return { body: input, errors: {} };
  return { errors: firstErrors(parsed.error.issues) };
}

/** The field a server's message is about (the contract's messages are the same on both sides), if any. */
const serverField: Partial<Record<string, RepairField>> = {
  [repairMessages.name]: 'customerName',
  [repairMessages.phone]: 'customerPhone',
  [repairMessages.email]: 'customerEmail',
  [repairMessages.device]: 'model',
  [repairMessages.imei]: 'imei',
  [repairMessages.sheetDevice]: 'imei',
  [repairMessages.colour]: 'colour',
  [repairMessages.fault]: 'fault',
  [repairMessages.condition]: 'conditions',
  [repairMessages.accessory]: 'accessories',
  [repairMessages.pin]: 'pin',
  [repairMessages.amount]: 'estimate',
  [repairMessages.depositAboveEstimate]: 'deposit',
  [repairMessages.technician]: 'technician',
};

interface Props {
  mode: 'new' | 'edit';
  initial: RepairFormValues;
  /** Sends the checked body; a thrown error keeps what was typed and shows the server's message. */
  onSubmit: (body: RepairCreateBody | RepairUpdateBody) => Promise<unknown>;
  onCancel?: () => void;
  busy?: boolean;
  /** The warranty sheet the ticket is opened from, and whether its period still runs (priced at zero). */
  sheet?: { id: number; active: boolean } | null;
  /** The edited ticket keeps a PIN. */
  hasPin?: boolean;
  /** Above the fields: the warranty note. */
  note?: ReactNode;
}

/**
 * The repair ticket's form (issue 16): the customer, the device from the warranty catalogue, the
 * fault, the condition at intake, the accessories left, the PIN (hidden as typed, with a toggle),
 * the estimate, the deposit and the technician. Checked with the shared contract before it is
 * sent; the first message shows under its field, which gets the focus. In edit mode the device
 * stays as taken in.
 */
export function RepairForm({ mode, initial, onSubmit, onCancel, busy, sheet = null, hasPin = false, note }: Props) {
  const [values, setValues] = useState<RepairFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [showPin, setShowPin] = useState(false);
  const [removePin, setRemovePin] = useState(false);
  const id = useId();
  const fieldId = (f: RepairField) => `${id}-${f}`;
  const warrantyPriced = sheet?.active === true;

  const clear = (f: RepairField) => {
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
    setServerError(null);
  };
  const set = (f: TextField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => (f === 'brand' ? { ...v, brand: value, model: '' } : { ...v, [f]: value }));
    clear(f);
  };
  const toggle =
    <K extends 'conditions' | 'accessories'>(f: K, item: RepairFormValues[K][number]) =>
    (e: { target: { checked: boolean } }) => {
      const checked = e.target.checked;
      setValues((v) => {
        const list = v[f] as string[];
        const next = checked ? [...list, item] : list.filter((x) => x !== item);
        return { ...v, [f]: next };
      });
      clear(f);
    };

  const focusField = (f: RepairField) => {
    const el =
      f === 'conditions' || f === 'accessories'
        ? document.querySelector<HTMLInputElement>(`#${CSS.escape(fieldId(f))} input`)
        : document.getElementById(fieldId(f));
    el?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = mode === 'new' ? checkNewRepair(values, sheet?.id ?? null) : checkRepairEdit(values, removePin);
    setErrors(checked.errors);
    setServerError(null);
    if (!checked.body) {
      const first = fieldOrder.find((f) => checked.errors[f]);
      if (first) focusField(first);
      return;
    }
    try {
      await onSubmit(checked.body);
    } catch (err) {
      const text = errorText(err);
      const field = err instanceof ApiError ? serverField[err.message] : undefined;
      if (field) {
        setErrors({ [field]: text });
        focusField(field);
      } else {
        setServerError(text);
      }
    }
  };

  const described = (f: RepairField, hint?: boolean) =>
    [errors[f] ? `${fieldId(f)}-error` : null, hint ? `${fieldId(f)}-hint` : null].filter(Boolean).join(' ') || undefined;
  const errorOf = (f: RepairField) =>
    errors[f] ? (
      <p className="field-error" id={`${fieldId(f)}-error`}>
        {errors[f]}
      </p>
    ) : null;
  const hintOf = (f: RepairField, text: string) => (
    <p className="field-hint" id={`${fieldId(f)}-hint`}>
      {text}
    </p>
  );
  const input = (f: TextField, label: string, extra: Record<string, unknown> = {}, hint?: string, className = 'field') => (
    <div className={className}>
      <label htmlFor={fieldId(f)}>{label}</label>
      <input
        id={fieldId(f)}
        name={f}
        value={values[f]}
        onChange={set(f)}
        autoComplete="off"
        aria-invalid={!!errors[f]}
        aria-describedby={described(f, !!hint)}
        {...extra}
      />
      {hint && hintOf(f, hint)}
      {errorOf(f)}
    </div>
  );
  const textarea = (f: TextField, label: string, max: number, className = 'field admin-form-wide') => (
    <div className={className}>
      <label htmlFor={fieldId(f)}>{label}</label>
      <textarea
        id={fieldId(f)}
        name={f}
        rows={3}
        maxLength={max}
        value={values[f]}
        onChange={set(f)}
        aria-invalid={!!errors[f]}
        aria-describedby={described(f)}
      />
      {errorOf(f)}
    </div>
  );
  const checkboxes = <K extends 'conditions' | 'accessories'>(
    f: K,
    legend: string,
    items: readonly RepairFormValues[K][number][],
    labels: Record<RepairFormValues[K][number], string>,
  ) => (
    <fieldset id={fieldId(f)} className="repair-checks admin-form-wide" aria-describedby={described(f)}>
      <legend>{legend}</legend>
      <div className="repair-check-list">
        {items.map((item) => (
          <label key={item} className="repair-check">
            <input
              type="checkbox"
              name={f}
              value={item}
              checked={(values[f] as string[]).includes(item)}
              onChange={toggle(f, item)}
              aria-invalid={!!errors[f] || undefined}
            />
            {labels[item]}
          </label>
        ))}
      </div>
      {errorOf(f)}
    </fieldset>
  );

  const models = modelsOf(values.brand);
  return (
    <form className="form admin-form repair-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      {note}
      <section className="card admin-form-card" aria-labelledby={`${id}-s-customer`}>
        <h2 id={`${id}-s-customer`}>{t.customerSection}</h2>
        <div className="admin-form-grid">
          {input('customerName', t.nameLabel, { maxLength: L.name, autoComplete: 'name', required: true })}
          {input('customerPhone', t.phoneLabel, { maxLength: L.phone, type: 'tel', inputMode: 'tel', autoComplete: 'tel', required: true })}
          {input('customerEmail', t.emailLabel, { maxLength: L.email, type: 'email', autoComplete: 'email' }, t.emailHint)}
        </div>
      </section>

      <section className="card admin-form-card" aria-labelledby={`${id}-s-device`}>
        <h2 id={`${id}-s-device`}>{t.deviceSection}</h2>
        <div className="admin-form-grid">
          {mode === 'new' ? (
            <>
              <div className="field">
                <label htmlFor={fieldId('brand')}>{t.brandLabel}</label>
                <select
                  id={fieldId('brand')}
                  name="brand"
                  value={values.brand}
                  onChange={set('brand')}
                  required
                  aria-invalid={!!errors.brand}
                  aria-describedby={described('brand')}
                >
                  <option value="">{t.choose}</option>
                  {warrantyBrands.map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                </select>
                {errorOf('brand')}
              </div>
              <div className="field">
                <label htmlFor={fieldId('model')}>{t.modelLabel}</label>
                <select
                  id={fieldId('model')}
                  name="model"
                  value={values.model}
                  onChange={set('model')}
                  required
                  aria-invalid={!!errors.model}
                  aria-describedby={described('model')}
                >
                  <option value="">{values.brand ? t.choose : t.chooseBrandFirst}</option>
                  {models.map((g) => (
                    <optgroup key={g.label} label={g.label}>
                      {g.options.map((o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                {errorOf('model')}
              </div>
              {input('imei', t.imeiLabel, { maxLength: 20, inputMode: 'numeric', required: true, className: 'repair-mono' }, t.imeiHint)}
            </>
          ) : (
            <dl className="order-facts admin-form-wide repair-device-facts">
              <dt>{t.deviceSection}</dt>
              <dd>
                {values.brand} {values.model}
              </dd>
              <dt>IMEI</dt>
              <dd className="repair-mono">{values.imei}</dd>
            </dl>
          )}
          {input('colour', t.colourLabel, { maxLength: L.colour })}
          {textarea('fault', t.faultLabel, L.fault)}
        </div>
      </section>

      <section className="card admin-form-card" aria-labelledby={`${id}-s-condition`}>
        <h2 id={`${id}-s-condition`}>{t.conditionSection}</h2>
        <div className="admin-form-grid">
          {checkboxes('conditions', t.conditionsLegend, repairConditions, repairConditionLabels)}
          {textarea('conditionNotes', t.conditionNotesLabel, L.conditionNotes)}
          {checkboxes('accessories', t.accessoriesSection, repairAccessories, repairAccessoryLabels)}
        </div>
      </section>

      <section className="card admin-form-card" aria-labelledby={`${id}-s-pin`}>
        <h2 id={`${id}-s-pin`}>{t.pinSection}</h2>
        <div className="field">
          <label htmlFor={fieldId('pin')}>{t.pinLabel}</label>
          <div className="repair-pin-field">
            <input
              id={fieldId('pin')}
              name="pin"
              type={showPin ? 'text' : 'password'}
              value={values.pin}
              onChange={set('pin')}
              maxLength={L.pin}
              autoComplete="new-password"
              spellCheck={false}
              disabled={removePin}
              aria-invalid={!!errors.pin}
              aria-describedby={described('pin', true)}
            />
            <button
              type="button"
              className="btn btn-outline"
              aria-pressed={showPin}
              aria-controls={fieldId('pin')}
              onClick={() => setShowPin((s) => !s)}
            >
              {showPin ? t.hidePinInput : t.showPinInput}
            </button>
          </div>
          {hintOf('pin', mode === 'edit' && hasPin ? `${t.pinHint} ${t.pinKeep}` : t.pinHint)}
          {errorOf('pin')}
          {mode === 'edit' && hasPin && (
            <label className="repair-check">
              <input type="checkbox" checked={removePin} onChange={(e) => setRemovePin(e.target.checked)} />
              {t.pinRemove}
            </label>
          )}
        </div>
      </section>

      <section className="card admin-form-card" aria-labelledby={`${id}-s-money`}>
        <h2 id={`${id}-s-money`}>{t.moneySection}</h2>
        <div className="admin-form-grid">
          {input(
            'estimate',
            t.estimateLabel,
            { inputMode: 'decimal', placeholder: 'p.sh. 45,00', readOnly: warrantyPriced },
            warrantyPriced ? t.warrantyRepair : t.estimateHint,
          )}
          {input('deposit', t.depositLabel, { inputMode: 'decimal', placeholder: '0,00', readOnly: warrantyPriced })}
          {input('technician', t.technicianLabel, { maxLength: L.technician })}
        </div>
      </section>

      {serverError && (
        <p className="alert alert-error" role="alert">
          {serverError}
        </p>
      )}
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {mode === 'new' ? t.create : t.save}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
