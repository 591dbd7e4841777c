import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guestContactSchema, type GuestContact } from '@shop/shared/schemas/guest-order';
import { productIdKey } from '@shop/shared/domain/catalogue';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { cartText, checkoutText, guestCheckoutText } from '@shop/shared/messages-orders';
import { orderNoteSchema, orderValidationErrorSchema, type CreateOrderInput } from '@shop/shared/schemas/order';
import {
  deliveryFeeCents,
  fulfilmentLabels,
  orderLimits,
  paymentMethodLabels,
  paymentMethods,
  type Fulfilment,
  type PaymentMethod,
} from '@shop/shared/domain/orders';
import { ApiError } from '../../../lib/api-client';
import { formatPrice, lineTotal, sumEuros, toCents, toEuros } from '@shop/shared/domain/money';
import { clearSession, getToken, useSession } from '../../../lib/session';
import { useCurrentPrices } from '../api/current-prices';
import { moveRegroupedLines } from '../api/regrouped';
import { cartRefusal, needsVerification, placeGuestOrder, usePlaceOrder } from '../api/place-order';
import { cart, lineKey, useCart, type CartChange, type CartLine } from '../../../lib/cart-store';
import { attemptKey, endAttempt } from '../checkout-attempt';
import { CartChanges, mergeChanges } from './cart-changes';
import { EmptyCart } from './cart-view';
import { LineImage, LineVariant } from './line-image';
import { feeSettings, useCheckoutSettings } from '../api/checkout-settings';
import { DiscountCodeField, useDiscountCode } from './discount-code-field';
import {
  checkDelivery,
  DeliveryFields,
  deliveryFields,
  emptyDelivery,
  FieldError,
  fieldOfPath,
  invalidProps,
  type CheckedDelivery,
  type DeliveryField,
  type DeliveryValues,
  type FieldErrors,
} from '../../../components/form/delivery-fields';
import { GiftCardField, type GiftCardChoice } from '../../../components/gift-card/gift-card-field';
import { GiftCardSums } from './gift-card-sums';
import '../cart.css';

type GuestField = 'guestName' | 'guestEmail' | 'guestPhone';
type CheckoutField = GuestField | DeliveryField | 'note';
const checkoutFields: readonly CheckoutField[] = ['guestName', 'guestEmail', 'guestPhone', ...deliveryFields, 'note'];
/** The guest's fields by the schema's names (a server's 400 names `guest.email`). */
const guestFieldOf: Record<string, GuestField> = { name: 'guestName', email: 'guestEmail', phone: 'guestPhone' };

/**
 * The order as sent. A pickup order without a note is the spec's body, `items` + `total` only
 * (the server makes it a pickup order paid in cash); anything else says how it is received and paid.
 */
function orderBody(
  items: readonly CartLine[],
  total: number,
  choice: { fulfilment: Fulfilment; paymentMethod: PaymentMethod; delivery: CheckedDelivery | null; note: string },
  giftCard: GiftCardChoice = null,
): CreateOrderInput {
  // A line of a variant names it (decision 039); without one the server takes the default variant.
  const lines = items.map((l) => ({
    id: l.id,
    ...(typeof l.variantId === 'number' ? { variantId: l.variantId } : {}),
    quantity: l.quantity,
    price: l.price,
  }));
  // Decision 048: a gift card pays part of the total (an optional field; without it the body is as before).
  const card = giftCard ? { giftCard } : {};
  if (choice.fulfilment === 'pickup' && choice.paymentMethod === 'cash' && !choice.note) return { items: lines, total, ...card };
  return {
    items: lines,
    total,
    fulfilment: choice.fulfilment,
    paymentMethod: choice.paymentMethod,
    ...(choice.delivery ? { delivery: choice.delivery } : {}),
    ...(choice.note ? { note: choice.note } : {}),
    ...card,
  };
}

/** Answers after which the same attempt may be sent again: the server may or may not have the order. */
const mayRetrySameAttempt = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;

/**
 * The checkout (product.md §2.5, 5, 8): a read-only list, the total and 'Konfirmo Porosinë'. Guests are
 * sent to /login and brought back; prices the shop changed meanwhile update the cart, and the
 * shopper is told before anything is ordered. The order is picked up at the shop (the default:
 * confirming without a choice orders exactly as the spec does) or delivered to an address
 * (decision 015), paid 'Para në dorë'; the fee shown is the server's rule (deliveryFeeCents), and
 * the server recomputes it. `prefill`: the customer's last delivery details. `verifyNotice`: shown
 * when the shop asks an unverified account to verify its e-mail first (issue 24 finding 7), e.g.
 * the account area's notice with 'Dërgo përsëri'.
 */
export function CheckoutView({ prefill = null, verifyNotice = null }: { prefill?: DeliveryValues | null; verifyNotice?: ReactNode }) {
  const { items, total, count } = useCart();
  const { token } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const sending = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [sessionLost, setSessionLost] = useState(false);
  const [mustVerify, setMustVerify] = useState(false);
  const [changes, setChanges] = useState<CartChange[]>([]);
  const [fulfilment, setFulfilment] = useState<Fulfilment>('pickup');
  const [delivery, setDelivery] = useState<DeliveryValues>(emptyDelivery);
  const [note, setNote] = useState('');
  // Decision 043: cash (the default) or a bank transfer to the shop's account.
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  // Decision 048: 'Kartë dhurate', a payment of part of the total.
  const [giftCard, setGiftCard] = useState<GiftCardChoice>(null);
  // 'Vazhdo pa llogari' (issue 30, decision 042): a visitor not logged in orders with a name, an e-mail and a phone.
  const [asGuest, setAsGuest] = useState(false);
  const [guest, setGuest] = useState({ name: '', email: '', phone: '' });
  const placeGuest = useMutation({ mutationFn: placeGuestOrder });
  const guestMode = asGuest && !token;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<CheckoutField>>({});
  const edited = useRef(false);
  const settings = useCheckoutSettings();
  const queryClient = useQueryClient();

  // The customer's last delivery details, once the profile has answered, unless already typed over.
  useEffect(() => {
    if (prefill && !edited.current) setDelivery(prefill);
  }, [prefill]);

  const fee =
    fulfilment === 'pickup' ? 0 : settings.data ? toEuros(deliveryFeeCents('delivery', toCents(total), feeSettings(settings.data))) : null;
  // Issue 29: the discount code's amount, as the server answered it for these lines.
  const discount = useDiscountCode(items, fulfilment);
  const grandTotal = sumEuros([total, fee ?? 0, -discount.amount]);
  const freeFrom = settings.data?.freeDeliveryFrom ?? null;

  const editDelivery = (field: DeliveryField, value: string) => {
    edited.current = true;
    setDelivery((d) => ({ ...d, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Shows the messages beside their fields and takes the focus to the first. */
  function showFieldErrors(errors: FieldErrors<CheckoutField>) {
    setFieldErrors(errors);
    const first = checkoutFields.find((f) => errors[f]);
    if (first) requestAnimationFrame(() => document.getElementById(`checkout-${first}`)?.focus());
  }

  // Compare the cart with the shop's current prices as soon as the checkout opens.
  const current = useCurrentPrices(items.length > 0);
  useEffect(() => {
    const data = current.data;
    if (!data) return;
    const known = new Set(data.map((p) => productIdKey(p.id)));
    const missing = cart
      .get()
      .filter((l) => !known.has(productIdKey(l.id)))
      .map((l) => l.id);
    const settle = (gone: string[], moved: CartChange[] = []) => {
      const found = [...moved, ...cart.reconcile(data, gone)];
      if (found.length > 0) setChanges((prev) => mergeChanges(prev, found));
    };
    if (missing.length === 0) return settle([]);
    // An id from before the seed grouped phones (issue 27) moves to its product's variant first.
    let live = true;
    void moveRegroupedLines(missing).then(({ gone, changes: moved }) => {
      if (live) settle(gone, moved);
    });
    return () => {
      live = false;
    };
  }, [current.data]);

  async function confirm(mode: 'account' | 'guest' = 'account') {
    if (sending.current || discount.pending) return;
    if (mode === 'account' && !getToken()) {
      window.alert(cartText.loginRequired);
      navigate('/login', { state: { from: location } });
      return;
    }
    setError(null);
    let details: CheckedDelivery | null = null;
    const errors: FieldErrors<CheckoutField> = {};
    if (fulfilment === 'delivery') {
      const checked = checkDelivery(delivery);
      if (checked.errors) Object.assign(errors, checked.errors);
      else details = checked.data;
    }
    const cleanNote = orderNoteSchema.safeParse(note);
    if (!cleanNote.success) errors.note = cleanNote.error.issues[0]?.message;
    let contact: GuestContact | null = null;
    if (mode === 'guest') {
      const checked = guestContactSchema.safeParse(guest);
      if (checked.success) contact = checked.data;
      else for (const issue of checked.error.issues) errors[guestFieldOf[String(issue.path[0])]!] ??= issue.message;
    }
    if (Object.values(errors).some(Boolean)) {
      showFieldErrors(errors);
      setError(checkoutText.fixFields);
      return;
    }
    setFieldErrors({});
    if (fee === null) {
      setError(settings.isError ? checkoutText.feeUnavailable : checkoutText.feeLoading);
      return;
    }
    const body = {
      ...orderBody(items, grandTotal, { fulfilment, paymentMethod, delivery: details, note: cleanNote.data ?? '' }, giftCard),
      ...(discount.applied ? { discountCode: discount.applied.code } : {}),
    };
    sending.current = true;
    setError(null);
    setSessionLost(false);
    setMustVerify(false);
    setChanges([]);
    try {
      if (mode === 'guest') {
        // The guest's order page, by the same link the mail holds (it cannot be found otherwise).
        const placed = await placeGuest.mutateAsync({ ...body, guest: contact! });
        window.alert(cartText.success);
        cart.clear();
        discount.remove();
        navigate(placed.link);
        return;
      }
      const idempotencyKey = attemptKey(body);
      const placed = await placeOrder.mutateAsync({ body, idempotencyKey });
      endAttempt();
      window.alert(cartText.success);
      cart.clear();
      discount.remove();
      // The spec's flow goes home; a delivery shows its order page with the details to check, a
      // transfer the IBAN and reference to pay with.
      navigate(fulfilment === 'delivery' || paymentMethod === 'transfer' || giftCard ? `/porosia/${placed.order.id}` : '/');
    } catch (err) {
      if (mode === 'account' && !mayRetrySameAttempt(err)) endAttempt();
      const refusal = cartRefusal(err);
      // The code may have been refused meanwhile (its last use, paused): ask again.
      if (discount.applied) void queryClient.invalidateQueries({ queryKey: ['discount-check'] });
      const invalid = err instanceof ApiError && err.status === 400 ? orderValidationErrorSchema.safeParse(err.body) : null;
      const guestField = invalid?.success ? /^guest\.(\w+)$/.exec(invalid.data.field ?? '')?.[1] : undefined;
      const field = invalid?.success
        ? guestField
          ? (guestFieldOf[guestField] ?? null)
          : fieldOfPath(invalid.data.field, checkoutFields)
        : null;
      if (field && invalid?.success) showFieldErrors({ [field]: invalid.data.msg });
      if (refusal && 'prices' in refusal) {
        setChanges(cart.reconcile(refusal.prices));
        // The fee may have changed with the prices: ask for the settings again.
        void queryClient.invalidateQueries({ queryKey: ['orders', 'settings'] });
      } else if (refusal) {
        setChanges(cart.reconcile([], refusal.unknownIds));
      } else if (err instanceof ApiError && err.status === 401) {
        // The stored session is no longer accepted (expired, or the account was blocked).
        clearSession();
        setSessionLost(true);
      } else if (needsVerification(err)) {
        setMustVerify(true);
      }
      const message = err instanceof ApiError && err.message ? err.message : cartText.failureFallback;
      setError(cartText.failurePrefix + message);
    } finally {
      sending.current = false;
    }
  }

  const feedback = (
    <>
      <CartChanges changes={changes} />
      {error && (
        <div className="alert alert-error checkout-error" role="alert">
          <p>{error}</p>
          {sessionLost && (
            <Link to="/login" state={{ from: location }}>
              {cartText.loginAgain}
            </Link>
          )}
        </div>
      )}
      {error && mustVerify && verifyNotice}
    </>
  );

  if (items.length === 0) {
    return (
      <>
        {feedback}
        <EmptyCart />
      </>
    );
  }

  return (
    <div className="cart-layout">
      <div className="checkout-main">
        {feedback}
        <ul className="cart-lines checkout-lines" aria-label={cartText.checkoutTitle}>
          {items.map((line) => (
            <li key={lineKey(line)} className="cart-line checkout-line">
              <LineImage src={line.image} />
              <div className="cart-line-info">
                <span className="cart-line-name">{line.name}</span>
                <LineVariant line={line} />
                <span className="cart-line-unit">
                  {formatPrice(line.price)} x {line.quantity}
                </span>
              </div>
              <span className="cart-line-sum">{formatPrice(lineTotal(line.price, line.quantity))}</span>
            </li>
          ))}
        </ul>
        <Link to="/cart" className="checkout-back">
          {cartText.backToCart}
        </Link>

        {guestMode && (
          <fieldset className="checkout-section checkout-guest">
            <legend>{guestCheckoutText.guestLegend}</legend>
            <p className="muted">{guestCheckoutText.guestIntro}</p>
            {(
              [
                ['guestName', 'name', guestCheckoutText.name, 'text', 'name', null],
                ['guestEmail', 'email', guestCheckoutText.email, 'email', 'email', guestCheckoutText.emailHint],
                ['guestPhone', 'phone', guestCheckoutText.phone, 'tel', 'tel', guestCheckoutText.phoneHint],
              ] as const
            ).map(([field, key, label, type, autoComplete, hint]) => (
              <div className="field" key={field}>
                <label htmlFor={`checkout-${field}`}>{label}</label>
                <input
                  id={`checkout-${field}`}
                  name={key}
                  type={type}
                  autoComplete={autoComplete}
                  value={guest[key]}
                  onChange={(e) => {
                    setGuest((g) => ({ ...g, [key]: e.target.value }));
                    setFieldErrors((x) => ({ ...x, [field]: undefined }));
                  }}
                  {...invalidProps(`checkout-${field}`, fieldErrors[field], !!hint)}
                />
                {hint && (
                  <span id={`checkout-${field}-hint`} className="field-hint">
                    {hint}
                  </span>
                )}
                <FieldError id={`checkout-${field}`} error={fieldErrors[field]} />
              </div>
            ))}
          </fieldset>
        )}

        <fieldset className="checkout-section">
          <legend>{checkoutText.receiveLegend}</legend>
          <div className="checkout-choices">
            {(['pickup', 'delivery'] as const).map((f) => (
              <label key={f} className={`checkout-choice${fulfilment === f ? ' is-chosen' : ''}`}>
                <input
                  type="radio"
                  name="fulfilment"
                  value={f}
                  checked={fulfilment === f}
                  onChange={() => {
                    setFulfilment(f);
                    setFieldErrors({});
                    setError(null);
                  }}
                  aria-describedby={`checkout-${f}-hint`}
                />
                <span className="checkout-choice-text">
                  <strong>{fulfilmentLabels[f]}</strong>
                  <span id={`checkout-${f}-hint`} className="muted">
                    {f === 'pickup' ? checkoutText.pickupHint : checkoutText.deliveryHint}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {fulfilment === 'pickup' ? (
            <div className="checkout-shop">
              <p>{checkoutText.shopAt}</p>
              <p>{checkoutText.shopHours}</p>
            </div>
          ) : (
            <div className="checkout-delivery">
              <h2 className="checkout-subtitle">{checkoutText.deliveryTitle}</h2>
              <DeliveryFields idPrefix="checkout" values={delivery} errors={fieldErrors} onChange={editDelivery} />
            </div>
          )}
          <div className="field">
            <label htmlFor="checkout-note">{checkoutText.note}</label>
            <textarea
              id="checkout-note"
              name="note"
              rows={2}
              maxLength={orderLimits.note}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setFieldErrors((x) => ({ ...x, note: undefined }));
              }}
              {...invalidProps('checkout-note', fieldErrors.note, true)}
            />
            <span id="checkout-note-hint" className="field-hint">
              {checkoutText.noteHint}
            </span>
            <FieldError id="checkout-note" error={fieldErrors.note} />
          </div>
        </fieldset>

        <fieldset className="checkout-section">
          <legend>{checkoutText.paymentLegend}</legend>
          <div className="checkout-choices">
            {paymentMethods.map((m) => (
              <label key={m} className={`checkout-choice${paymentMethod === m ? ' is-chosen' : ''}`}>
                <input
                  type="radio"
                  name="paymentMethod"
                  value={m}
                  checked={paymentMethod === m}
                  onChange={() => setPaymentMethod(m)}
                  aria-describedby={`checkout-${m}-hint`}
                />
                <span className="checkout-choice-text">
                  <strong>{paymentMethodLabels[m]}</strong>
                  <span id={`checkout-${m}-hint`} className="muted">
                    {m === 'cash' ? checkoutText.cashHint : checkoutText.transferHint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {fee !== null && <GiftCardField due={grandTotal} onChange={setGiftCard} />}
      </div>

      <aside className="cart-summary" aria-label={cartText.total}>
        <p className="cart-summary-row muted">{cartText.itemCount(count)}</p>
        <dl className="checkout-sums">
          <div>
            <dt>{checkoutText.subtotal}</dt>
            <dd data-testid="checkout-subtotal">{formatPrice(total)}</dd>
          </div>
          <div>
            <dt>{checkoutText.deliveryFee}</dt>
            <dd data-testid="checkout-fee">
              {fee === null ? (settings.isError ? '–' : checkoutText.feeLoading) : fee === 0 ? checkoutText.free : formatPrice(fee)}
            </dd>
          </div>
        </dl>
        {fulfilment === 'delivery' && freeFrom !== null && (
          <p className="checkout-free muted">{checkoutText.freeFrom(formatPrice(freeFrom))}</p>
        )}
        {fulfilment === 'delivery' && settings.isError && <p className="checkout-free muted">{checkoutText.feeUnavailable}</p>}
        <DiscountCodeField discount={discount} />
        <p className="cart-total">
          <span>{cartText.total}</span>
          <strong data-testid="checkout-total">{formatPrice(grandTotal)}</strong>
        </p>
        {giftCard && <GiftCardSums total={grandTotal} paid={giftCard.amount} />}
        {guestMode ? (
          <button
            type="button"
            className="btn btn-primary cart-summary-action"
            disabled={placeGuest.isPending}
            aria-busy={placeGuest.isPending}
            onClick={() => void confirm('guest')}
          >
            {guestCheckoutText.placeOrder}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary cart-summary-action"
            disabled={placeOrder.isPending}
            aria-busy={placeOrder.isPending}
            onClick={() => void confirm()}
          >
            {cartText.confirm}
          </button>
        )}
        <p className="checkout-note muted" aria-live="polite">
          {placeOrder.isPending || placeGuest.isPending ? cartText.sending : !token && !guestMode ? cartText.guestHint : ''}
        </p>
        {!token && (
          <button
            type="button"
            className="btn btn-outline cart-summary-action checkout-guest-toggle"
            aria-expanded={guestMode}
            onClick={() => {
              setAsGuest((v) => !v);
              setFieldErrors({});
              setError(null);
            }}
          >
            {guestMode ? guestCheckoutText.cancelGuest : guestCheckoutText.continueAsGuest}
          </button>
        )}
        {!token && !guestMode && (
          // Registering from here comes back here signed in, the cart as it was (issue 30).
          <p className="checkout-register muted">
            {guestCheckoutText.registerHere}{' '}
            <Link to="/regjistrohu" state={{ from: location }}>
              {guestCheckoutText.createAccount}
            </Link>
          </p>
        )}
      </aside>
    </div>
  );
}
