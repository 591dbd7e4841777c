import { useState } from 'react';
import { isFinalRepairStatus } from '@shop/shared/domain/repairs';
import { patternLockText } from '@shop/shared/domain/repair-devices';
import { repairMessages as m, repairScreenMessages as t } from '@shop/shared/messages-repairs';
import type { RepairDetail } from '@shop/shared/schemas/repairs';
import { ApiError } from '../../../lib/api-client';
import { fetchRepairPin } from '../api/admin-repairs';

/** The 3 x 3 dots of a pattern lock with the drawn path, numbered in the order drawn. */
export function PatternGrid({ dots }: { dots: string }) {
  const at = (d: string) => {
    const i = Number(d) - 1;
    return { x: 12 + (i % 3) * 24, y: 12 + Math.floor(i / 3) * 24 };
  };
  const path = [...dots].map(at);
  return (
    <svg className="repair-pattern-grid" viewBox="0 0 72 72" width="72" height="72" aria-hidden="true">
      {[...'123456789'].map((d) => (
        <circle key={d} cx={at(d).x} cy={at(d).y} r="3" className="repair-pattern-dot" />
      ))}
      <polyline points={path.map((p) => `${p.x},${p.y}`).join(' ')} className="repair-pattern-line" />
      {path.map((p, i) => (
        <text key={i} x={p.x + 4} y={p.y - 4} className="repair-pattern-order">
          {i + 1}
        </text>
      ))}
    </svg>
  );
}

/**
 * The device's PIN and pattern lock for the technician (decision 018, issue 26): never sent with
 * the ticket; 'Shfaq PIN-in' reads both once (each read is in the audit log on the server).
 */
export function RepairSecrets({ repair }: { repair: RepairDetail }) {
  const [secrets, setSecrets] = useState<{ pin: string | null; pattern: string | null } | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const closed = isFinalRepairStatus(repair.status);
  if (!repair.hasPin && !repair.hasPattern && secrets === undefined) {
    return (
      <>
        <dt>{t.pinIs}</dt>
        <dd>{closed ? m.pinGone : m.noPin}</dd>
      </>
    );
  }
  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      setSecrets(await fetchRepairPin(repair.id));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'PIN-i nuk u lexua.');
    } finally {
      setBusy(false);
    }
  };
  if (secrets === undefined) {
    return (
      <>
        <dt>{t.pinIs}</dt>
        <dd className="repair-pin">
          <button type="button" className="btn btn-sm btn-outline" onClick={() => void show()} disabled={busy}>
            {t.showPin}
          </button>
          {error && (
            <span className="field-error" role="alert">
              {error}
            </span>
          )}
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>{t.pinIs}</dt>
      <dd className="repair-pin">
        <span className="repair-mono" aria-label={t.pinIs}>
          {secrets.pin ?? (closed ? m.pinGone : m.noPin)}
        </span>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSecrets(undefined)}>
          {t.hidePin}
        </button>
      </dd>
      <dt>{t.patternIs}</dt>
      <dd className="repair-pin">
        {secrets.pattern ? (
          <>
            <span className="repair-mono" aria-label={t.patternIs}>
              {patternLockText(secrets.pattern)}
            </span>
            <PatternGrid dots={secrets.pattern} />
          </>
        ) : closed ? (
          m.pinGone
        ) : (
          t.noPattern
        )}
      </dd>
    </>
  );
}
