import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { repairStatusLabels } from '@shop/shared/domain/repairs';
import { formatPrice } from '@shop/shared/domain/money';
import { formatDateTime } from '@shop/shared/domain/time';
import { shop } from '@shop/shared/domain/shop';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import { repairTrackBodySchema, type RepairTracking } from '@shop/shared/schemas/repairs';
import { REPAIR_TRACKING_PATH } from '@shop/shared/domain/routes';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { usePageAnswer } from '../../../lib/page-answer';
import { useAnswerRepair, useTrackRepair } from '../api/repair-tracking';
import '../repair-tracking.css';

/** What the customer is told when a call fails: the server's words (not found, too many tries), else a general line. */
function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return err.message || t.rateLimited;
    return err.message || t.trackError;
  }
  if (err instanceof NetworkError) return t.trackError;
  return t.trackError;
}

type Field = 'code' | 'proof';

/** What the server rendered the page with (routes/page-forms.ts): the QR code's link or the form posted without JavaScript. */
interface TrackingAnswer {
  code: string;
  proof: string;
  tracking?: RepairTracking;
  fieldError?: { field: Field; text: string };
  failure?: string;
  confirm?: 'approve' | 'refuse';
  answered?: string;
}

/**
 * The customer's repair tracking page (issue 16, /servisi/statusi): the ticket code and the IMEI's
 * last four digits or the phone number show the status, the device, the estimate, the history
 * without staff notes, and when the device is ready the opening hours. An estimate that waits for
 * an answer can be approved or refused here, after a confirmation. Filled from ?kodi= and ?imei=
 * (the receipt's QR code) and looked up at once when both are there: by the server, which renders
 * the result into the page, else by the browser. Every control is a form the server answers too
 * (routes/page-forms.ts), so the page works before the app is live and without JavaScript (issue 26).
 */
export function RepairTrackingView({ initialCode, initialProof }: { initialCode: string; initialProof: string }) {
  const id = useId();
  const served = usePageAnswer<TrackingAnswer>('repair-tracking');
  const [code, setCode] = useState(served?.code ?? initialCode);
  const [proof, setProof] = useState(served?.proof ?? initialProof);
  const [fieldError, setFieldError] = useState<{ field: Field; text: string } | null>(served?.fieldError ?? null);
  const [result, setResult] = useState<{ tracking: RepairTracking; code: string; proof: string } | null>(() =>
    served?.tracking ? { tracking: served.tracking, code: served.code, proof: served.proof } : null,
  );
  const [failure, setFailure] = useState<string | null>(served?.failure ?? null);
  const [confirm, setConfirm] = useState<'approve' | 'refuse' | null>(served?.confirm ?? null);
  const [answered, setAnswered] = useState<string | null>(served?.answered ?? null);
  const track = useTrackRepair();
  const answer = useAnswerRepair();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // The server already looked the address's code up (or refused it): not again.
  const autoLooked = useRef(served !== undefined);

  const lookUp = (c: string, p: string, { focus = true } = {}) => {
    const parsed = repairTrackBodySchema.safeParse({ code: c, proof: p });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (issue.path[0] === 'proof' ? 'proof' : 'code') as Field;
      setFieldError({ field, text: issue.message });
      if (focus) document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setFieldError(null);
    setFailure(null);
    setAnswered(null);
    setConfirm(null);
    track.mutate(parsed.data, {
      onSuccess: (tracking) => {
        setResult({ tracking, code: parsed.data.code, proof: parsed.data.proof });
        if (focus) requestAnimationFrame(() => resultHeading.current?.focus());
      },
      onError: (err) => {
        setResult(null);
        setFailure(failureText(err));
      },
    });
  };

  useEffect(() => {
    if (autoLooked.current || !initialCode || !initialProof) return;
    autoLooked.current = true;
    lookUp(initialCode, initialProof, { focus: false });
    // Once, for the address the page opened with (the QR code's link).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!track.isPending) lookUp(code, proof);
  };

  const sendAnswer = (approve: boolean) => {
    if (!result) return;
    setFailure(null);
    // An approval names the amount on the screen: the server refuses it when the estimate has changed since (issue 26).
    const amount = result.tracking.warranty ? 0 : (result.tracking.estimate ?? 0);
    answer.mutate(
      { code: result.code, proof: result.proof, approve, ...(approve ? { amount } : {}) },
      {
        onSuccess: (tracking) => {
          setResult({ ...result, tracking });
          setAnswered(approve ? m.approved : m.refused);
          setConfirm(null);
        },
        onError: (err) => {
          setConfirm(null);
          setFailure(failureText(err));
          // A newer estimate waits: show it, so the customer approves the amount that is asked now.
          if (err instanceof ApiError && err.status === 409) {
            track.mutate({ code: result.code, proof: result.proof }, { onSuccess: (tracking) => setResult({ ...result, tracking }) });
          }
        },
      },
    );
  };

  const errorFor = (f: Field) =>
    fieldError?.field === f ? (
      <p className="field-error" id={`${id}-${f}-error`}>
        {fieldError.text}
      </p>
    ) : null;
  const tracking = result?.tracking;

  return (
    <div className="repair-track">
      <p className="page-intro">{m.trackIntro}</p>
      <form
        className="card repair-track-form"
        method="post"
        action={REPAIR_TRACKING_PATH}
        onSubmit={submit}
        noValidate
        aria-busy={track.isPending || undefined}
      >
        <div className="field">
          <label htmlFor={`${id}-code`}>{m.trackCode}</label>
          <input
            id={`${id}-code`}
            name="kodi"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setFieldError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="R-XXXXXXXXXX"
            aria-invalid={fieldError?.field === 'code' || undefined}
            aria-describedby={fieldError?.field === 'code' ? `${id}-code-error` : undefined}
          />
          {errorFor('code')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-proof`}>{m.trackProof}</label>
          <input
            id={`${id}-proof`}
            name="imei"
            value={proof}
            onChange={(e) => {
              setProof(e.target.value);
              setFieldError(null);
            }}
            autoComplete="off"
            inputMode="tel"
            maxLength={30}
            aria-invalid={fieldError?.field === 'proof' || undefined}
            aria-describedby={fieldError?.field === 'proof' ? `${id}-proof-error` : undefined}
          />
          {errorFor('proof')}
        </div>
        <button type="submit" className="btn btn-primary" disabled={track.isPending}>
          {m.trackSubmit}
        </button>
      </form>

      <div aria-live="polite">
        {failure && (
          <p className="alert alert-error repair-track-alert" role="alert">
            {failure}
          </p>
        )}
        {answered && (
          <p className="alert alert-success repair-track-alert" role="status">
            {answered}
          </p>
        )}
      </div>

      {tracking && (
        <section className="card repair-track-result" aria-labelledby={`${id}-result`}>
          <h2 id={`${id}-result`} ref={resultHeading} tabIndex={-1}>
            {tracking.code}
          </h2>
          <dl className="repair-track-facts">
            <div>
              <dt>{t.trackStatus}</dt>
              <dd>
                <span className={`repair-track-status repair-track-${tracking.status}`} data-testid="repair-status">
                  {repairStatusLabels[tracking.status]}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t.trackDevice}</dt>
              <dd>{tracking.device}</dd>
            </div>
            <div>
              <dt>{m.trackEstimate}</dt>
              <dd>{tracking.warranty ? formatPrice(0) : tracking.estimate === null ? '—' : formatPrice(tracking.estimate)}</dd>
            </div>
          </dl>
          {tracking.warranty && <p className="repair-track-note">{m.trackWarranty}</p>}
          {tracking.status === 'ready' && (
            <p className="alert alert-success repair-track-ready-text">{m.trackReady(shop.days, shop.opens, shop.closes)}</p>
          )}

          {tracking.canAnswer && result && (
            // A form the server answers too (routes/page-forms.ts): 'pergjigja' asks for the
            // confirmation, 'konfirmo' sends the answer. With the app live the buttons act here.
            <form className="repair-track-answer" method="post" action={REPAIR_TRACKING_PATH} role="group" aria-label={m.trackEstimate}>
              <input type="hidden" name="kodi" value={result.code} />
              <input type="hidden" name="imei" value={result.proof} />
              {confirm === null ? (
                <>
                  <button
                    type="submit"
                    name="pergjigja"
                    value="prano"
                    className="btn btn-primary"
                    onClick={(e) => {
                      e.preventDefault();
                      setConfirm('approve');
                    }}
                    disabled={answer.isPending}
                  >
                    {m.approve}
                  </button>
                  <button
                    type="submit"
                    name="pergjigja"
                    value="refuzo"
                    className="btn btn-outline"
                    onClick={(e) => {
                      e.preventDefault();
                      setConfirm('refuse');
                    }}
                    disabled={answer.isPending}
                  >
                    {m.refuse}
                  </button>
                </>
              ) : (
                <div className="repair-track-confirm">
                  <input type="hidden" name="pergjigja" value={confirm === 'approve' ? 'prano' : 'refuzo'} />
                  {/* The amount on this screen: the server takes the approval only for it (issue 26 item 13). */}
                  <input type="hidden" name="shuma" value={String(tracking.warranty ? 0 : (tracking.estimate ?? 0))} />
                  <p id={`${id}-confirm`}>
                    {confirm === 'approve'
                      ? t.confirmApprove(tracking.estimate === null ? '' : formatPrice(tracking.estimate))
                      : t.confirmRefuse}
                  </p>
                  <div className="repair-track-confirm-actions">
                    <button
                      type="submit"
                      name="konfirmo"
                      value="po"
                      className={confirm === 'approve' ? 'btn btn-primary' : 'btn btn-danger'}
                      onClick={(e) => {
                        e.preventDefault();
                        sendAnswer(confirm === 'approve');
                      }}
                      disabled={answer.isPending}
                      aria-describedby={`${id}-confirm`}
                      autoFocus
                    >
                      {t.confirmYes}
                    </button>
                    <button
                      type="submit"
                      name="konfirmo"
                      value="jo"
                      className="btn btn-outline"
                      onClick={(e) => {
                        e.preventDefault();
                        setConfirm(null);
                      }}
                      disabled={answer.isPending}
                    >
                      {t.confirmNo}
                    </button>
                  </div>
                </div>
              )}
            </form>
          )}

          <h3>{t.trackHistory}</h3>
          <ol className="repair-track-history">
            {[...tracking.history].reverse().map((h, i) => (
              <li key={i}>
                <span className="repair-track-history-status">{repairStatusLabels[h.status]}</span>
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                {h.amount !== null && <p className="repair-track-amount">{t.historyAmount(h.status, h.amount)}</p>}
                {h.customerNote && <p>{h.customerNote}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
