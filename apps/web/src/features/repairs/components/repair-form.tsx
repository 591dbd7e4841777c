import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  repairAccessories,
  repairAccessoryLabels,
  repairConditionLabels,
  repairConditions,
  repairLimits as L,
} from '@shop/shared/domain/repairs';
import { PATTERN_MAX_INPUT, repairDeviceName } from '@shop/shared/domain/repair-devices';
import { repairMessages, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairCreateBody, RepairUpdateBody } from '@shop/shared/schemas/repairs';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../components/admin/error-text';
import { RepairDeviceFields } from './repair-device-fields';
import {
  checkNewRepair,
  checkRepairEdit,
  fieldOrder,
  serverField,
  type RepairField,
  type RepairFormErrors as Errors,
  type RepairFormValues,
  type TextField,
} from './repair-form-values';
import { RepairSecretField } from './repair-secret-field';
import '../../../components/admin/admin.css';
import '../repairs.css';

interface Props {
  mode: 'new' | 'edit';
  initial: RepairFormValues;
  /** Sends the checked body; a thrown error keeps what was typed and shows the server's message. */
  onSubmit: (body: RepairCreateBody | RepairUpdateBody) => Promise<unknown>;
  onCancel?: () => void;
  busy?: boolean;
  /** The warranty sheet the ticket is opened from, and whether its period still runs (priced at zero). */
  sheet?: { id: number; active: boolean } | null;
  /** The edited ticket keeps a PIN, a pattern. */
  hasPin?: boolean;
  hasPattern?: boolean;
  /** The estimate waits for the customer's approval: it changes only by sending a new one (issue 26). */
  estimateLocked?: boolean;
  /** Above the fields: the warranty note. */
  note?: ReactNode;
}

/**
 * The repair ticket's form (issue 16): the customer, the device (any brand of the counter's list
 * or 'Tjetër', issue 26), the fault, the condition at intake, the accessories left, the PIN and the
 * pattern lock (hidden as typed, each with a toggle), the estimate, the deposit and the technician. Checked with the shared contract before it is
 * sent; the first message shows under its field, which gets the focus. In edit mode the device
 * stays as taken in.
 */
export function RepairForm({
  mode,
  initial,
  onSubmit,
  onCancel,
  busy,
  sheet = null,
  hasPin = false,
  hasPattern = false,
  estimateLocked = false,
  note,
}: Props) {
  const [values, setValues] = useState<RepairFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [removed, setRemoved] = useState({ pin: false, pattern: false });
  const id = useId();
  const fieldId = (f: RepairField) => `${id}-${f}`;
  const warrantyPriced = sheet?.active === true;

  const clear = (f: RepairField) => {
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
    setServerError(null);
  };
  const set = (f: TextField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    clear(f);
  };
  const change = (next: Partial<RepairFormValues>, f: RepairField) => {
    setValues((v) => ({ ...v, ...next }));
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
    const checked = mode === 'new' ? checkNewRepair(values, sheet?.id ?? null) : checkRepairEdit(values, removed);
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
              <RepairDeviceFields values={values} errors={errors} fieldId={fieldId} described={(f) => described(f)} onChange={change} />
              {input('imei', t.imeiLabel, { maxLength: 20, inputMode: 'numeric', required: true, className: 'repair-mono' }, t.imeiHint)}
            </>
          ) : (
            <dl className="order-facts admin-form-wide repair-device-facts">
              <dt>{t.deviceSection}</dt>
              <dd>{repairDeviceName(values.brand, values.model)}</dd>
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
        <div className="admin-form-grid">
          <RepairSecretField
            id={fieldId('pin')}
            name="pin"
            label={t.pinLabel}
            hint={t.pinHint}
            value={values.pin}
            onChange={(pin) => change({ pin }, 'pin')}
            maxLength={L.pin}
            error={errors.pin}
            showText={t.showPinInput}
            hideText={t.hidePinInput}
            keeps={mode === 'edit' && hasPin}
            keepText={t.pinKeep}
            removeText={t.pinRemove}
            removed={removed.pin}
            onRemovedChange={(pin) => setRemoved((r) => ({ ...r, pin }))}
          />
          <RepairSecretField
            id={fieldId('pattern')}
            name="pattern"
            label={t.patternLabel}
            hint={t.patternHint}
            value={values.pattern}
            onChange={(pattern) => change({ pattern }, 'pattern')}
            maxLength={PATTERN_MAX_INPUT}
            inputMode="numeric"
            error={errors.pattern}
            showText={t.showPatternInput}
            hideText={t.hidePatternInput}
            keeps={mode === 'edit' && hasPattern}
            keepText={t.patternKeep}
            removeText={t.patternRemove}
            removed={removed.pattern}
            onRemovedChange={(pattern) => setRemoved((r) => ({ ...r, pattern }))}
          />
        </div>
      </section>

      <section className="card admin-form-card" aria-labelledby={`${id}-s-money`}>
        <h2 id={`${id}-s-money`}>{t.moneySection}</h2>
        <div className="admin-form-grid">
          {input(
            'estimate',
            t.estimateLabel,
            { inputMode: 'decimal', placeholder: 'p.sh. 45,00', readOnly: warrantyPriced || estimateLocked },
            warrantyPriced ? t.warrantyRepair : estimateLocked ? repairMessages.estimateAwaitingApproval : t.estimateHint,
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
