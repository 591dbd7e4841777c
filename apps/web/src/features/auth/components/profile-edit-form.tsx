import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { profileEditText } from '@shop/shared/messages-orders';
import { profileUpdateBodySchema, type Profile } from '@shop/shared/schemas/auth';
import { orderValidationErrorSchema } from '@shop/shared/schemas/order';
import {
  DeliveryFields,
  deliveryFields,
  emptyDelivery,
  FieldError,
  invalidProps,
  type DeliveryField,
  type DeliveryValues,
  type FieldErrors,
} from '../../../components/form/delivery-fields';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfileMutation, profileQueryRoot } from '../api/auth-api';
import { failureText } from '../sign-in';
import { authText } from '@shop/shared/messages-auth';
import '../auth.css';

type OwnField = 'name' | 'phone';
type Errors = { own: FieldErrors<OwnField>; delivery: FieldErrors<DeliveryField> };
const noErrors: Errors = { own: {}, delivery: {} };

/** Sorts a schema path ('name', 'delivery.city') into the form's fields. */
function placeError(errors: Errors, path: readonly PropertyKey[], message: string): boolean {
  const [head, sub] = path;
  if ((head === 'name' || head === 'phone') && !errors.own[head]) {
    errors.own[head] = message;
    return true;
  }
  if (head === 'delivery' && deliveryFields.includes(sub as DeliveryField)) {
    errors.delivery[sub as DeliveryField] ??= message;
    return true;
  }
  return false;
}

/**
 * 'Të dhënat e mia': the name, the phone and the saved delivery details the checkout offers
 * again, checked with the same shared schema as the server (PATCH /api/auth/profile). Empty
 * delivery fields remove the saved address.
 */
export function ProfileEditForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfileMutation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [delivery, setDelivery] = useState<DeliveryValues>(profile.delivery ?? emptyDelivery);
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = (['name', 'phone'] as const).find((f) => found.own[f]) ?? deliveryFields.find((f) => found.delivery[f]);
    const id = first === 'name' || first === 'phone' ? `profile-${first}` : first ? `profile-delivery-${first}` : null;
    if (id) requestAnimationFrame(() => document.getElementById(id)?.focus());
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (update.isPending) return;
    setNote(null);
    const hasDelivery = Object.values(delivery).some((v) => v.trim() !== '');
    const parsed = profileUpdateBodySchema.safeParse({ name, phone: phone.trim(), delivery: hasDelivery ? delivery : null });
    if (!parsed.success) {
      const found: Errors = { own: {}, delivery: {} };
      for (const issue of parsed.error.issues) placeError(found, issue.path, issue.message);
      showErrors(found);
      setNote({ ok: false, text: profileEditText.fixFields });
      return;
    }
    setErrors(noErrors);
    try {
      // Sent as the schema cleaned it (trimmed, the phone in the shop's writing); the server checks it again.
      const saved = await update.mutateAsync(parsed.data);
      queryClient.setQueriesData<Profile>({ queryKey: profileQueryRoot }, saved);
      setName(saved.name);
      setPhone(saved.phone ?? '');
      setDelivery(saved.delivery ?? emptyDelivery);
      setNote({ ok: true, text: profileEditText.saved });
    } catch (err) {
      const invalid = err instanceof ApiError && err.status === 400 ? orderValidationErrorSchema.safeParse(err.body) : null;
      if (invalid?.success && invalid.data.field) {
        const found: Errors = { own: {}, delivery: {} };
        if (placeError(found, invalid.data.field.split('.'), invalid.data.msg)) showErrors(found);
      }
      setNote({
        ok: false,
        text: profileEditText.failed + failureText(err, { fallback: profileEditText.tryAgain, network: authText.loginNetwork }),
      });
    }
  };

  return (
    <section className="card profile-edit" aria-labelledby={titleId}>
      <h2 id={titleId} className="security-title">
        {profileEditText.title}
      </h2>
      <p className="muted">{profileEditText.intro}</p>
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="profile-edit-own">
          <div className="field">
            <label htmlFor="profile-name">{profileEditText.name}</label>
            <input
              id="profile-name"
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => ({ ...x, own: { ...x.own, name: undefined } }));
              }}
              {...invalidProps('profile-name', errors.own.name)}
            />
            <FieldError id="profile-name" error={errors.own.name} />
          </div>
          <div className="field">
            <label htmlFor="profile-phone">{profileEditText.phone}</label>
            <input
              id="profile-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setErrors((x) => ({ ...x, own: { ...x.own, phone: undefined } }));
              }}
              {...invalidProps('profile-phone', errors.own.phone, true)}
            />
            <span id="profile-phone-hint" className="field-hint">
              {profileEditText.phoneHint}
            </span>
            <FieldError id="profile-phone" error={errors.own.phone} />
          </div>
        </div>
        <fieldset className="profile-edit-delivery">
          <legend>{profileEditText.deliveryLegend}</legend>
          <DeliveryFields
            idPrefix="profile-delivery"
            values={delivery}
            errors={errors.delivery}
            onChange={(field, value) => {
              setDelivery((d) => ({ ...d, [field]: value }));
              setErrors((x) => ({ ...x, delivery: { ...x.delivery, [field]: undefined } }));
            }}
          />
        </fieldset>
        <button type="submit" className="btn btn-primary profile-edit-save" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? profileEditText.saving : profileEditText.save}
        </button>
        <p
          className={note ? `alert ${note.ok ? 'alert-success' : 'alert-error'}` : 'visually-hidden'}
          role={note && !note.ok ? 'alert' : 'status'}
        >
          {note?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
