import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  firstWarrantyDraftIssue,
  firstWarrantyIssue,
  type WarrantyField,
  type WarrantyFieldsInput,
  type WarrantySheet,
} from '@shop/shared/schemas/warranty';
import {
  modelsOf,
  paymentTypes,
  softwareOf,
  warrantyBrands,
  warrantyDurations,
  warrantyLimits,
  type CatalogueGroup,
  type WarrantyStatus,
} from '@shop/shared/domain/warranty';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { useSaveWarrantySheet } from '../api/warranty-api';
import { todayInShop } from '@shop/shared/domain/time';
import { Field, SelectField, useFormFields } from '../../../components/form/form-fields';
import '../warranty.css';

type FormField = WarrantyField;
type WarrantyFormValues = Record<FormField, string>;

const emptyWarrantyValues: WarrantyFormValues = {
  emri: '',
  mbiemri: '',
  telefoni: '',
  email: '',
  marka: '',
  modeli: '',
  imei: '',
  softInfo: '',
  kohezgjatja: '',
  cmimi: '',
  komente: '',
  llojiPageses: 'Cash',
};

function fromSheet(s: WarrantySheet): WarrantyFormValues {
  return {
    emri: s.emri,
    mbiemri: s.mbiemri,
    telefoni: s.telefoni,
    email: s.email,
    marka: s.marka,
    modeli: s.modeli,
    imei: s.imei,
    softInfo: s.softInfo,
    kohezgjatja: s.kohezgjatja,
    cmimi: s.cmimi === null ? '' : String(s.cmimi),
    komente: s.komente,
    llojiPageses: s.llojiPageses || 'Cash',
  };
}

/** The form's text as the shared schema takes it: the price as a number, or null when empty. */
function toWarrantyFields(v: WarrantyFormValues): WarrantyFieldsInput {
  const price = v.cmimi.trim().replace(',', '.');
  return {
    ...v,
    cmimi: price === '' ? null : Number(price),
    llojiPageses: v.llojiPageses as WarrantyFieldsInput['llojiPageses'],
  };
}

/** One message at a time (product.md §5): under the field it is about, or under the form. */

interface Props {
  /** A draft reopened from the list, to complete and print. */
  draft?: WarrantySheet | null;
  /** Called with the saved sheet once it is stored as printed; the page then prints it. */
  onPrinted(sheet: WarrantySheet): void;
  /** The draft the form now edits (after a draft save), or null for a new sheet. */
  onEditingChange?(id: number | null): void;
}

const PrinterIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
    <path d="M6 14h12v7H6z" />
  </svg>
);

function Options({ groups }: { groups: readonly CatalogueGroup[] }) {
  return groups.map((g) => (
    <optgroup key={g.label} label={g.label}>
      {g.options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </optgroup>
  ));
}

/** The warranty sheet form (product.md §2.9, 3, 4, 5): print saves as printed, NE PRITJE as a draft. */
export function WarrantyForm({ draft = null, onPrinted, onEditingChange }: Props) {
  const [values, setValues] = useState<WarrantyFormValues>(() => (draft ? fromSheet(draft) : emptyWarrantyValues));
  const [editingId, setEditingId] = useState<number | null>(draft?.id ?? null);
  // Changing the brand clears the model and the software.
  const { setNotice, field, errorFor, formNotice } = useFormFields<FormField>('w', values, (name, value) =>
    setValues((v) => (name === 'marka' ? { ...v, marka: value, modeli: '', softInfo: '' } : { ...v, [name]: value })),
  );
  const [today] = useState(todayInShop);
  const save = useSaveWarrantySheet();
  const formRef = useRef<HTMLFormElement>(null);

  // A reopened draft: bring the form into view with the cursor in the first field.
  useEffect(() => {
    if (!draft) return;
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('#w-emri')?.focus({ preventScroll: true });
  }, [draft]);

  const setEditing = (id: number | null) => {
    setEditingId(id);
    onEditingChange?.(id);
  };

  const fail = (text: string, field: FormField | null = null) => {
    setNotice({ kind: 'error', text, field });
    if (field) formRef.current?.querySelector<HTMLElement>(`#w-${field}`)?.focus();
  };

  async function store(status: WarrantyStatus) {
    // No token, no call (product.md §8).
    if (!getToken()) return fail(warrantyMessages.noToken);
    try {
      const sheet = await save.mutateAsync({ id: editingId, body: { ...toWarrantyFields(values), status } });
      if (status === 'printed') {
        setValues(emptyWarrantyValues);
        setEditing(null);
        setNotice({ kind: 'success', text: warrantyMessages.printedSaved });
        onPrinted(sheet);
      } else {
        setEditing(sheet.id);
        setNotice({ kind: 'success', text: warrantyMessages.draftSaved });
      }
    } catch (err) {
      fail(err instanceof ApiError && err.message ? err.message : warrantyMessages.saveFailed);
    }
  }

  const print = (e?: FormEvent) => {
    e?.preventDefault();
    if (save.isPending) return;
    const issue = firstWarrantyIssue(toWarrantyFields(values));
    if (issue) return fail(issue.message, issue.field);
    void store('printed');
  };

  // 'NE PRITJE' saves a draft without the print validation (product.md §4); what the draft holds
  // must still be well-formed, checked here with the server's own rules (a malformed email, say).
  const saveDraft = () => {
    if (save.isPending) return;
    const issue = firstWarrantyDraftIssue(toWarrantyFields(values));
    if (issue) return fail(issue.message, issue.field);
    void store('draft');
  };

  const startNew = () => {
    setValues(emptyWarrantyValues);
    setEditing(null);
    setNotice(null);
  };

  const noBrand = values.marka === '';

  return (
    <form ref={formRef} className="w-form" noValidate onSubmit={print} aria-labelledby="w-form-title">
      <div className="w-form-head">
        <h2 id="w-form-title">{editingId ? `Drafti #${editingId}` : 'Fletë e re garancioni'}</h2>
        {editingId && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={startNew}>
            Fletë e re
          </button>
        )}
      </div>

      <fieldset className="w-group">
        <legend>Klienti</legend>
        <Field label="Emri" htmlFor="w-emri" error={errorFor('emri')}>
          <input {...field('emri')} autoComplete="off" maxLength={warrantyLimits.emri} />
        </Field>
        <Field label="Mbiemri" htmlFor="w-mbiemri" error={errorFor('mbiemri')}>
          <input {...field('mbiemri')} autoComplete="off" maxLength={warrantyLimits.mbiemri} />
        </Field>
        <Field label="Telefoni" htmlFor="w-telefoni" error={errorFor('telefoni')}>
          <input {...field('telefoni')} type="tel" autoComplete="off" maxLength={warrantyLimits.telefoni} />
        </Field>
        <Field label="Email" htmlFor="w-email" error={errorFor('email')}>
          <input {...field('email')} type="email" autoComplete="off" maxLength={warrantyLimits.email} />
        </Field>
      </fieldset>

      <fieldset className="w-group">
        <legend>Pajisja</legend>
        <SelectField
          label="Marka"
          control={field('marka')}
          error={errorFor('marka')}
          placeholder="Zgjidhni markën"
          options={warrantyBrands}
        />
        <SelectField label="Modeli" control={field('modeli')} error={errorFor('modeli')} placeholder="Zgjidhni modelin" disabled={noBrand}>
          <Options groups={modelsOf(values.marka)} />
        </SelectField>
        <Field label="IMEI" htmlFor="w-imei" error={errorFor('imei')}>
          <input {...field('imei')} inputMode="numeric" autoComplete="off" maxLength={warrantyLimits.imei} />
        </Field>
        <SelectField
          label="Versioni i softuerit"
          control={field('softInfo')}
          error={errorFor('softInfo')}
          placeholder="Zgjidhni versionin"
          disabled={noBrand}
        >
          <Options groups={softwareOf(values.marka)} />
        </SelectField>
      </fieldset>

      <fieldset className="w-group">
        <legend>Garancioni dhe pagesa</legend>
        <SelectField
          label="Kohëzgjatja"
          control={field('kohezgjatja')}
          error={errorFor('kohezgjatja')}
          placeholder="Zgjidhni kohëzgjatjen"
          options={warrantyDurations}
        />
        <Field label="Çmimi (€)" htmlFor="w-cmimi" error={errorFor('cmimi')}>
          <input {...field('cmimi')} type="number" inputMode="decimal" min={0} step={0.01} />
        </Field>
        <Field label="Data" htmlFor="w-data">
          <input id="w-data" name="data" value={today} readOnly aria-readonly="true" className="w-readonly" />
        </Field>
        <SelectField label="Lloji i pagesës" control={field('llojiPageses')} error={errorFor('llojiPageses')} options={paymentTypes} />
        <Field label="Komente" htmlFor="w-komente" className="field w-wide" error={errorFor('komente')}>
          <textarea {...field('komente')} rows={2} maxLength={warrantyLimits.komente} />
        </Field>
      </fieldset>

      <div className="w-notice">{formNotice}</div>

      <div className="w-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          <PrinterIcon />
          Printo
        </button>
        <button type="button" className="btn btn-outline" onClick={saveDraft} disabled={save.isPending}>
          NE PRITJE
        </button>
      </div>
    </form>
  );
}
