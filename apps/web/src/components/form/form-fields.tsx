import type { ChangeEvent, ReactNode } from 'react';
import { useFieldNotice } from '../ui/field-notice';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A form of text values keyed by field name (the warranty sheet, the maintenance contract), with
 * one message at a time (useFieldNotice). `field(name)` gives a control its id (`prefix-name`),
 * name, value, change handler and invalid state; `errorFor(name)` is the message under it.
 * Any edit clears the message shown (product.md §4).
 */
export function useFormFields<F extends string>(idPrefix: string, values: Record<F, string>, onChange: (field: F, value: string) => void) {
  const notice = useFieldNotice<F>(idPrefix);
  const field = (name: F) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onChange: (e: ChangeEvent<Control>) => {
      onChange(name, e.target.value);
      notice.setNotice(null);
    },
    ...notice.fieldProps(name),
  });
  const errorFor = (name: F) => notice.errorFor(name, `${idPrefix}-field-error`);
  return { setNotice: notice.setNotice, formNotice: notice.formNotice, field, errorFor };
}

/** A labelled form control with its hint and its message. */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  className = 'field',
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && <span className="field-hint">{hint}</span>}
      {error}
    </div>
  );
}

/** A labelled select: an optional empty first choice, then the options (or `children`, e.g. groups). */
export function SelectField({
  label,
  control,
  error,
  placeholder,
  options = [],
  disabled,
  children,
}: {
  label: string;
  control: { id: string; name: string; value: string; onChange: (e: ChangeEvent<HTMLSelectElement>) => void };
  error?: ReactNode;
  placeholder?: string;
  options?: readonly string[];
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Field label={label} htmlFor={control.id} error={error}>
      <select {...control} disabled={disabled}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
}
