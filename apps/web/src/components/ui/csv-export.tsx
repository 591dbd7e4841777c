import { useId, useState, type FormEvent } from 'react';
import { daysBefore, exportFileName, maxRangeDays, rangeDays, type ExportKind } from '@shop/shared/domain/admin-lists';
import { todayInShop } from '@shop/shared/domain/time';
import { listsMsg } from '@shop/shared/messages-lists';
import { adminMsg } from '@shop/shared/messages-admin';
import { mayExport } from '@shop/shared/domain/permissions';
import { apiDownload, ApiError, NetworkError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import './list-tools.css';

/** Saves a downloaded file through a link the browser follows at once. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Chromium reads the object URL after the click's task: let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 'Eksporto CSV' (decision 021): a range of days (this month by default) and, when there is more
 * than one, what to export; the file comes from GET /api/admin/export/{kind}.csv with the admin's
 * token. Folded under its summary so the list stays first.
 */
export function CsvExport({ kinds }: { kinds: readonly ExportKind[] }) {
  const { user } = useSession();
  // Exports are the owner's (decision 041): staff never see the form (the API refuses them too).
  return mayExport(user) ? <CsvExportForm kinds={kinds} /> : null;
}

function CsvExportForm({ kinds }: { kinds: readonly ExportKind[] }) {
  const id = useId();
  const today = todayInShop();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [kind, setKind] = useState<ExportKind>(kinds[0]!);
  const [state, setState] = useState<{ busy: boolean; message: string; error: boolean }>({ busy: false, message: '', error: false });

  const problem = !from || !to ? null : from > to ? listsMsg.rangeOrder : rangeDays(from, to) > maxRangeDays ? listsMsg.rangeTooLong : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setState({ busy: true, message: listsMsg.exportBusy, error: false });
    try {
      const file = await apiDownload(
        `/api/admin/export/${kind}.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        exportFileName(kind, from, to),
      );
      saveFile(file.blob, file.fileName);
      setState({ busy: false, message: listsMsg.exportDone(file.fileName), error: false });
    } catch (err) {
      const message =
        err instanceof ApiError
          ? err.message || adminMsg.genericError
          : err instanceof NetworkError
            ? adminMsg.networkError
            : adminMsg.genericError;
      setState({ busy: false, message, error: true });
    }
  };

  return (
    <details className="csv-export">
      <summary>{listsMsg.exportTitle}</summary>
      <form className="csv-export-form" onSubmit={(e) => void submit(e)} aria-describedby={`${id}-note`}>
        {kinds.length > 1 && (
          <label>
            {listsMsg.exportWhat}
            <select value={kind} onChange={(e) => setKind(e.target.value as ExportKind)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {listsMsg.exportKinds[k]}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {listsMsg.exportFrom}
          <input
            type="date"
            required
            value={from}
            max={to || undefined}
            min={to ? daysBefore(to, maxRangeDays - 1) : undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label>
          {listsMsg.exportTo}
          <input type="date" required value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={state.busy || problem !== null}>
          {listsMsg.exportButton}
        </button>
        <p
          id={`${id}-note`}
          className={state.error || problem ? 'csv-export-note alert alert-error' : 'csv-export-note muted'}
          role="status"
        >
          {problem ?? state.message}
        </p>
      </form>
    </details>
  );
}
