import { OTHER_REPAIR_BRAND, repairBrands, repairModelsOf, isListedRepairModel } from '@shop/shared/domain/repair-devices';
import { repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairField, RepairFormErrors, RepairFormValues } from './repair-form-values';

/** The model select's entry that opens a text field for a model the list does not have. */
const TYPED_MODEL = '__typed';

/**
 * The device at intake (issue 26): any brand of the repair counter's list (domain/repair-devices)
 * or 'Tjetër'; the brand's models to choose from, or a model typed by hand ('Model tjetër', and
 * always for 'Tjetër').
 */
export function RepairDeviceFields({
  values,
  errors,
  fieldId,
  described,
  onChange,
}: {
  values: RepairFormValues;
  errors: RepairFormErrors;
  fieldId: (f: RepairField) => string;
  described: (f: RepairField) => string | undefined;
  onChange: (next: Partial<RepairFormValues>, field: RepairField) => void;
}) {
  const other = values.brand === OTHER_REPAIR_BRAND;
  const models = repairModelsOf(values.brand);
  // A model from a warranty sheet or typed earlier that the list lacks shows in the text field.
  const typed = other || values.modelTyped || (values.model !== '' && !isListedRepairModel(values.brand, values.model));
  const errorOf = (f: RepairField) =>
    errors[f] ? (
      <p className="field-error" id={`${fieldId(f)}-error`}>
        {errors[f]}
      </p>
    ) : null;
  const modelText = (label: string) => (
    <div className="field">
      <label htmlFor={fieldId('model')}>{label}</label>
      <input
        id={fieldId('model')}
        name="model"
        value={values.model}
        onChange={(e) => onChange({ model: e.target.value }, 'model')}
        maxLength={100}
        autoComplete="off"
        required
        aria-invalid={!!errors.model}
        aria-describedby={described('model')}
      />
      {errorOf('model')}
    </div>
  );

  return (
    <>
      <div className="field">
        <label htmlFor={fieldId('brand')}>{t.brandLabel}</label>
        <select
          id={fieldId('brand')}
          name="brand"
          value={values.brand}
          onChange={(e) => onChange({ brand: e.target.value, model: '', modelTyped: e.target.value === OTHER_REPAIR_BRAND }, 'brand')}
          required
          aria-invalid={!!errors.brand}
          aria-describedby={described('brand')}
        >
          <option value="">{t.choose}</option>
          {repairBrands.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {errorOf('brand')}
      </div>
      {other ? (
        modelText(t.otherDeviceLabel)
      ) : (
        <div className="field">
          <label htmlFor={typed ? `${fieldId('model')}-list` : fieldId('model')}>{t.modelLabel}</label>
          <select
            id={typed ? `${fieldId('model')}-list` : fieldId('model')}
            name={typed ? undefined : 'model'}
            value={typed ? TYPED_MODEL : values.model}
            onChange={(e) =>
              onChange(
                e.target.value === TYPED_MODEL ? { model: '', modelTyped: true } : { model: e.target.value, modelTyped: false },
                'model',
              )
            }
            required
            aria-invalid={!typed && !!errors.model}
            aria-describedby={typed ? undefined : described('model')}
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
            {values.brand && <option value={TYPED_MODEL}>{t.otherModel}</option>}
          </select>
          {!typed && errorOf('model')}
        </div>
      )}
      {typed && !other && modelText(t.modelTextLabel)}
    </>
  );
}
