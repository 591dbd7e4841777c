import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { catalogueFileName } from '@shop/shared/domain/catalogue-csv';
import { todayInShop } from '@shop/shared/domain/time';
import { adminMsg } from '@shop/shared/messages-admin';
import {
  catalogueImportErrorSchema,
  csvImportMsg,
  csvScreenMsg,
  type CatalogueImport,
  type CsvChange,
  type CsvRowError,
} from '@shop/shared/schemas/catalogue-csv';
import { api, apiDownload, ApiError, NetworkError } from '../../../lib/api-client';
import { saveFile } from '../../../components/ui/csv-export';
import './catalogue-csv.css';

type Check =
  | { kind: 'idle' }
  | { kind: 'busy'; text: string }
  | { kind: 'refused'; msg: string; errors: CsvRowError[]; errorCount: number }
  | { kind: 'planned'; file: File; plan: CatalogueImport }
  | { kind: 'done'; plan: CatalogueImport };

const sendFile = (file: File, dryRun: boolean) =>
  api<CatalogueImport>(`/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': 'text/csv' },
  });

/** An error answer as the screen shows it: the server's msg and, for a refused file, each row's error. */
function refusal(err: unknown): Extract<Check, { kind: 'refused' }> {
  if (err instanceof ApiError) {
    const body = catalogueImportErrorSchema.safeParse(err.body);
    const errors = body.success ? (body.data.errors ?? []) : [];
    return {
      kind: 'refused',
      msg: err.message || adminMsg.genericError,
      errors,
      errorCount: body.success ? (body.data.errorCount ?? 0) : 0,
    };
  }
  return { kind: 'refused', msg: err instanceof NetworkError ? adminMsg.networkError : adminMsg.genericError, errors: [], errorCount: 0 };
}

const fieldText = (change: CsvChange) =>
  change.fields.map((f) =>
    change.action === 'create'
      ? `${f.column}: ${f.after ?? '—'}`
      : change.action === 'remove'
        ? `${f.column}: ${f.before ?? '—'}`
        : `${f.column}: ${f.before ?? '—'} → ${f.after ?? '—'}`,
  );

/** The dry run's (or the import's) changes, one row per product's own fields and per variant. */
function ChangesTable({ plan }: { plan: CatalogueImport }) {
  if (plan.changes.length === 0) return null;
  return (
    // Scrolls inside its box: focusable, so a keyboard can scroll it too.
    <div className="table-wrap catalogue-csv-changes" tabIndex={0} role="region" aria-label={csvScreenMsg.changesCaption}>
      <table className="table">
        <caption className="visually-hidden">{csvScreenMsg.changesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{csvScreenMsg.product}</th>
            <th scope="col">{csvScreenMsg.variant}</th>
            <th scope="col">{csvScreenMsg.action}</th>
            <th scope="col">{csvScreenMsg.fields}</th>
          </tr>
        </thead>
        <tbody>
          {plan.changes.map((c, i) => (
            <tr key={`${c.productId ?? c.product}-${c.sku ?? ''}-${i}`}>
              <th scope="row">
                {c.product}
                {c.productId && <span className="admin-sub">{c.productId}</span>}
              </th>
              <td>
                {c.sku === null ? (
                  <span className="muted">{csvScreenMsg.productRow}</span>
                ) : (
                  <>
                    {c.variant ?? ''}
                    <span className="admin-sub">{c.sku}</span>
                  </>
                )}
              </td>
              <td>
                <span className={`catalogue-csv-action catalogue-csv-${c.action}`}>{csvScreenMsg.actions[c.action]}</span>
              </td>
              <td>
                <ul className="catalogue-csv-fields">
                  {fieldText(c).map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 'Katalogu në CSV' (issue 27): 'Eksporto CSV' downloads every variant as a row; 'Importo CSV'
 * sends the chosen file as a dry run first ('Provë') and shows what would change, or every
 * row's error; 'Importo' writes it, enabled only after a clean dry run of that same file.
 */
export function CatalogueCsv() {
  const id = useId();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [exportNote, setExportNote] = useState<{ text: string; error: boolean }>({ text: '', error: false });
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const [fileName, setFileName] = useState('');

  const download = async () => {
    setExportNote({ text: csvScreenMsg.exportBusy, error: false });
    try {
      const file = await apiDownload('/api/admin/products/export.csv', catalogueFileName(todayInShop()));
      saveFile(file.blob, file.fileName);
      setExportNote({ text: csvScreenMsg.exportDone(file.fileName), error: false });
    } catch (err) {
      setExportNote({ text: refusal(err).msg, error: true });
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) {
      setCheck({ kind: 'idle' });
      return;
    }
    setCheck({ kind: 'busy', text: csvScreenMsg.checking });
    try {
      const plan = await sendFile(file, true);
      // Another file chosen meanwhile: this answer is not the screen's any more.
      if (input.current?.files?.[0] !== file) return;
      setCheck({ kind: 'planned', file, plan });
    } catch (err) {
      if (input.current?.files?.[0] === file) setCheck(refusal(err));
    }
  };

  const confirm = async () => {
    if (check.kind !== 'planned') return;
    const { file } = check;
    setCheck({ kind: 'busy', text: csvScreenMsg.importing });
    try {
      const plan = await sendFile(file, false);
      setCheck({ kind: 'done', plan });
      if (input.current) input.current.value = '';
      setFileName('');
      await qc.invalidateQueries();
    } catch (err) {
      setCheck(refusal(err));
    }
  };

  const planned = check.kind === 'planned' ? check.plan : null;
  const nothingToDo = planned !== null && planned.changes.length === 0;

  return (
    <details className="card catalogue-csv">
      <summary>
        <h2 id={`${id}-title`}>{csvScreenMsg.title}</h2>
      </summary>
      <p className="muted">{csvScreenMsg.intro}</p>
      <div className="catalogue-csv-row">
        <button type="button" className="btn btn-outline" onClick={() => void download()}>
          {csvScreenMsg.exportButton}
        </button>
        <p className={exportNote.error ? 'alert alert-error' : 'muted'} role="status">
          {exportNote.text}
        </p>
      </div>
      <div className="catalogue-csv-row">
        {/* The browser's own file button speaks the browser's language: the input is hidden and its label is the button. */}
        <input
          ref={input}
          id={`${id}-file`}
          className="catalogue-csv-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setFileName(e.target.files?.[0]?.name ?? '');
            void choose(e);
          }}
        />
        <label htmlFor={`${id}-file`} className="btn btn-outline catalogue-csv-pick">
          {csvScreenMsg.importLabel}
        </label>
        <span className="muted">{fileName || csvScreenMsg.noFileChosen}</span>
        <p id={`${id}-hint`} className="muted">
          {csvScreenMsg.importHint}
        </p>
      </div>

      <div aria-live="polite" className="catalogue-csv-result">
        {check.kind === 'busy' && <p className="muted">{check.text}</p>}
        {check.kind === 'planned' && (
          <section aria-labelledby={`${id}-plan`}>
            <h3 id={`${id}-plan`}>{csvScreenMsg.dryRunTitle}</h3>
            <p className="catalogue-csv-summary">{csvScreenMsg.summary(check.plan.summary, false)}</p>
          </section>
        )}
        {check.kind === 'done' && (
          <p className="alert alert-success" role="status">
            {csvScreenMsg.summary(check.plan.summary, true)}
          </p>
        )}
      </div>
      {check.kind === 'refused' && (
        <div className="alert alert-error catalogue-csv-errors" role="alert" aria-labelledby={`${id}-errors`}>
          <p id={`${id}-errors`}>
            <strong>{check.msg}</strong>
          </p>
          {check.errors.length > 0 && (
            <>
              <h3 className="visually-hidden">{csvScreenMsg.errorsTitle}</h3>
              <ul>
                {check.errors.map((e) => (
                  <li key={e.text}>{e.text}</li>
                ))}
              </ul>
              {check.errorCount > check.errors.length && <p>{csvImportMsg.moreErrors(check.errorCount - check.errors.length)}</p>}
            </>
          )}
        </div>
      )}
      {check.kind === 'planned' && <ChangesTable plan={check.plan} />}
      {check.kind === 'done' && <ChangesTable plan={check.plan} />}
      <div className="catalogue-csv-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={check.kind !== 'planned' || nothingToDo}
          aria-describedby={`${id}-needs-check`}
          onClick={() => void confirm()}
        >
          {csvScreenMsg.importButton}
        </button>
        <p id={`${id}-needs-check`} className="muted">
          {check.kind === 'planned' ? '' : csvScreenMsg.importNeedsCheck}
        </p>
      </div>
    </details>
  );
}
