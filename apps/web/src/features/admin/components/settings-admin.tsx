import { useId, useRef, useState, type FormEvent } from 'react';
import type { Courier, ShopSettings } from '@shop/shared/domain/shop-settings';
import { MAX_COURIERS, TRACKING_PLACEHOLDER } from '@shop/shared/domain/shop-settings';
import { settingsMsg, shopSettingsSchema } from '@shop/shared/schemas/shop-settings';
import { QueryState } from '../../../components/ui/query-state';
import { adminQueryStates } from '../../../components/admin/error-text';
import { useActionMessage } from '../../../components/admin/use-action-message';
import { ActionMessage } from '../../../components/admin/action-message';
import { useSaveShopSettings, useShopSettings } from '../api/settings';
import './settings-admin.css';

/** The form's values: what the owner types (numbers as text until checked). */
type Draft = Omit<ShopSettings, 'transferDays' | 'counterDiscountMaxPercent'> & { transferDays: string; counterDiscountMaxPercent: string };

const toDraft = (s: ShopSettings): Draft => ({
  ...s,
  transferDays: String(s.transferDays),
  counterDiscountMaxPercent: String(s.counterDiscountMaxPercent),
});
const toNumber = (v: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/**
 * 'Cilësimet' (issue 30, decision 043), the owner's: the shop's contact numbers, the bank account
 * for transfers and how long an unpaid transfer waits, the couriers and their tracking addresses,
 * and the counter's discount limit. Checked with the API's own schema before sending; each message
 * shows beside its field.
 */
export function SettingsAdmin() {
  const settings = useShopSettings();
  return (
    <QueryState {...adminQueryStates} isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
      {settings.data && <SettingsForm initial={settings.data} />}
    </QueryState>
  );
}

function SettingsForm({ initial }: { initial: ShopSettings }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveShopSettings();
  const form = useRef<HTMLFormElement>(null);
  const note = useActionMessage();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setCourier = (i: number, change: Partial<Courier>) =>
    setDraft((d) => ({ ...d, couriers: d.couriers.map((c, j) => (j === i ? { ...c, ...change } : c)) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.clear();
    const body = {
      ...draft,
      transferDays: toNumber(draft.transferDays),
      counterDiscountMaxPercent: toNumber(draft.counterDiscountMaxPercent),
    };
    const checked = shopSettingsSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      note.failure(new Error(settingsMsg.fix), settingsMsg.fix);
      // The first field with a message gets the focus (and is scrolled to).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    save.mutate(body as Parameters<typeof save.mutate>[0], {
      onSuccess: () => note.success(settingsMsg.saved),
      onError: (err) => note.failure(err),
    });
  };

  const field = (key: keyof Draft, label: string, o: { hint?: string; type?: string; inputMode?: 'numeric' | 'tel' } = {}) => {
    const fid = `${id}-${key}`;
    const error = errors[key];
    return (
      <div className="field">
        <label htmlFor={fid}>{label}</label>
        <input
          id={fid}
          type={o.type ?? 'text'}
          inputMode={o.inputMode}
          value={String(draft[key])}
          onChange={(e) => set(key, e.target.value as never)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${fid}-error` : '', o.hint ? `${fid}-hint` : ''].filter(Boolean).join(' ') || undefined}
        />
        {o.hint && (
          <p id={`${fid}-hint`} className="admin-sub">
            {o.hint}
          </p>
        )}
        {error && (
          <p id={`${fid}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={form} className="settings-form" onSubmit={submit} noValidate aria-label="Cilësimet e dyqanit">
      <ActionMessage message={note.message} onDismiss={note.clear} />
      <fieldset>
        <legend>Dyqani</legend>
        {field('shopName', 'Emri i dyqanit')}
        {field('shopAddress', 'Adresa')}
        {field('shopPhone', 'Telefoni', { type: 'tel', inputMode: 'tel' })}
      </fieldset>
      <fieldset>
        <legend>WhatsApp dhe Viber</legend>
        {field('whatsappNumber', 'Numri për WhatsApp', {
          type: 'tel',
          inputMode: 'tel',
          hint: 'Me kodin e shtetit, p.sh. +383 44 123 456.',
        })}
        {field('viberNumber', 'Numri për Viber', { type: 'tel', inputMode: 'tel' })}
      </fieldset>
      <fieldset>
        <legend>Transfer bankar</legend>
        {field('bankName', 'Banka')}
        {field('iban', 'IBAN', { hint: 'IBAN i Kosovës: XK dhe 18 shifra; kontrollohen shifrat e kontrollit.' })}
        {field('transferDays', 'Ditët për pagesën', {
          inputMode: 'numeric',
          hint: 'Një porosi me transfer e papaguar anulohet pas kaq ditësh dhe produktet kthehen në stok.',
        })}
      </fieldset>
      <fieldset>
        <legend>Korrierët</legend>
        <p className="admin-sub">
          Adresa e gjurmimit me {TRACKING_PLACEHOLDER} aty ku shkon numri, p.sh. https://korrieri.example/gjurmo?nr={TRACKING_PLACEHOLDER}{' '}
          (ose bosh).
        </p>
        {errors.couriers && <p className="field-error">{errors.couriers}</p>}
        <ol className="settings-couriers">
          {draft.couriers.map((c, i) => {
            const nameError = errors[`couriers.${i}.name`];
            const urlError = errors[`couriers.${i}.trackingUrl`];
            return (
              <li key={i} className="settings-courier">
                <div className="field">
                  <label htmlFor={`${id}-courier-${i}`}>Korrieri {i + 1}</label>
                  <input
                    id={`${id}-courier-${i}`}
                    value={c.name}
                    onChange={(e) => setCourier(i, { name: e.target.value })}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `${id}-courier-${i}-error` : undefined}
                  />
                  {nameError && (
                    <p id={`${id}-courier-${i}-error`} className="field-error">
                      {nameError}
                    </p>
                  )}
                </div>
                <div className="field">
                  <label htmlFor={`${id}-tracking-${i}`}>Adresa e gjurmimit</label>
                  <input
                    id={`${id}-tracking-${i}`}
                    type="url"
                    value={c.trackingUrl}
                    onChange={(e) => setCourier(i, { trackingUrl: e.target.value })}
                    aria-invalid={urlError ? true : undefined}
                    aria-describedby={urlError ? `${id}-tracking-${i}-error` : undefined}
                  />
                  {urlError && (
                    <p id={`${id}-tracking-${i}-error`} className="field-error">
                      {urlError}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() =>
                    set(
                      'couriers',
                      draft.couriers.filter((_, j) => j !== i),
                    )
                  }
                  disabled={draft.couriers.length <= 1}
                  aria-label={`Hiq korrierin ${c.name || i + 1}`}
                >
                  Hiq
                </button>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => set('couriers', [...draft.couriers, { name: '', trackingUrl: '' }])}
          disabled={draft.couriers.length >= MAX_COURIERS}
        >
          Shto korrier
        </button>
      </fieldset>
      <fieldset>
        <legend>Arka</legend>
        {field('counterDiscountMaxPercent', 'Zbritja maksimale për një rresht në arkë (%)', { inputMode: 'numeric' })}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Ruaj cilësimet
      </button>
    </form>
  );
}
