import type { ChangeEvent } from 'react';
import { municipalities } from '@shop/shared/domain/kosovo';
import { checkoutText } from '@shop/shared/messages-orders';
import { deliveryDetailsInputSchema, type CreateOrderInput } from '@shop/shared/schemas/order';
import './delivery-fields.css';

export const deliveryFields = ['fullName', 'phone', 'city', 'address'] as const;
export type DeliveryField = (typeof deliveryFields)[number];
export type DeliveryValues = Record<DeliveryField, string>;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Delivery details as the shared schema cleaned them (a municipality, a normalised phone). */
export type CheckedDelivery = NonNullable<CreateOrderInput['delivery']>;

export const emptyDelivery: DeliveryValues = { fullName: '', phone: '', city: '', address: '' };

/**
 * The delivery details checked with the shared schema (the server checks the same): the cleaned
 * details (the phone in the shop's writing, domain/phone.ts), or one message per field that is wrong.
 */
export function checkDelivery(
  values: DeliveryValues,
): { data: CheckedDelivery; errors: null } | { data: null; errors: FieldErrors<DeliveryField> } {
  const result = deliveryDetailsInputSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors<DeliveryField> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DeliveryField | undefined;
    if (field && deliveryFields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/** The field a server's 400 `field` ('delivery.phone', 'note') names, when it is one of ours. */
export function fieldOfPath<F extends string>(path: string | undefined, fields: readonly F[]): F | null {
  if (!path) return null;
  const last = path.split('.').pop() as F;
  return fields.includes(last) ? last : null;
}

/** A text control's invalid state and the id of its message (beside the field). */
export const invalidProps = (id: string, error: string | undefined, hasHint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : '', hasHint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
});

/** The message under a field. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error delivery-error">
      {error}
    </p>
  ) : null;
}

/**
 * Full name, Kosovo phone, municipality and address of a home delivery: the checkout and the
 * profile use the same fields. Each message shows beside its field (aria-invalid, aria-describedby).
 */
export function DeliveryFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: DeliveryValues;
  errors: FieldErrors<DeliveryField>;
  onChange: (field: DeliveryField, value: string) => void;
}) {
  const id = (f: DeliveryField) => `${idPrefix}-${f}`;
  const control = (f: DeliveryField, hasHint = false) => ({
    id: id(f),
    name: f,
    value: values[f],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(f, e.target.value),
    ...invalidProps(id(f), errors[f], hasHint),
  });
  return (
    <div className="delivery-fields">
      <div className="field">
        <label htmlFor={id('fullName')}>{checkoutText.fullName}</label>
        <input {...control('fullName')} autoComplete="name" />
        <FieldError id={id('fullName')} error={errors.fullName} />
      </div>
      <div className="field">
        <label htmlFor={id('phone')}>{checkoutText.phone}</label>
        <input {...control('phone', true)} type="tel" inputMode="tel" autoComplete="tel" />
        <span id={`${id('phone')}-hint`} className="field-hint">
          {checkoutText.phoneHint}
        </span>
        <FieldError id={id('phone')} error={errors.phone} />
      </div>
      <div className="field">
        <label htmlFor={id('city')}>{checkoutText.city}</label>
        <select {...control('city')} autoComplete="address-level2">
          <option value="">{checkoutText.cityPlaceholder}</option>
          {municipalities.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <FieldError id={id('city')} error={errors.city} />
      </div>
      <div className="field delivery-address">
        <label htmlFor={id('address')}>{checkoutText.address}</label>
        <input {...control('address', true)} autoComplete="street-address" />
        <span id={`${id('address')}-hint`} className="field-hint">
          {checkoutText.addressHint}
        </span>
        <FieldError id={id('address')} error={errors.address} />
      </div>
    </div>
  );
}
