import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { WarrantySheet } from '@shop/shared/schemas/warranty';
import { warrantyMessages } from '@shop/shared/messages-warranty';
import { recordWarrantyPrint, useWarrantyHealth } from '../api/warranty-api';
import { CsvExport } from '../../../components/ui/csv-export';
import { WarrantyForm } from './warranty-form';
import { WarrantyList } from './warranty-list';
import { WarrantyPrintSheet } from './warranty-print-sheet';
import '../warranty.css';

/** The print dialog opens this long after a printed sheet is saved (product.md §4, 9). */
const WARRANTY_PRINT_DELAY_MS = 350;

/**
 * The counter's warranty desk: the form, the list, and the sheet being printed. The screen part
 * is hidden from print while a sheet is printing, and the sheet is shown only in print. A printed
 * sheet's repair tickets (its claims) come from `renderClaims`, which the page composes.
 */
export function WarrantyWorkspace({ renderClaims }: { renderClaims?: (sheet: WarrantySheet) => ReactNode } = {}) {
  const { offline } = useWarrantyHealth();
  const [opened, setOpened] = useState<{ draft: WarrantySheet | null; key: number }>({ draft: null, key: 0 });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [printSheet, setPrintSheet] = useState<WarrantySheet | null>(null);
  const timer = useRef<number | undefined>(undefined);
  /** Counts print requests: only the latest one opens the dialog, none after the page is left. */
  const printRun = useRef(0);

  useEffect(() => {
    const done = () => setPrintSheet(null);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      window.clearTimeout(timer.current);
      printRun.current += 1;
    };
  }, []);

  // The server records the print in 'Historiku' before the dialog opens (decision 026); the dialog
  // opens even when that call fails, as the browser's own print menu would.
  const printSoon = useCallback((sheet: WarrantySheet) => {
    setPrintSheet(sheet);
    window.clearTimeout(timer.current);
    const run = ++printRun.current;
    const recorded = recordWarrantyPrint(sheet.id).then(
      () => undefined,
      () => undefined,
    );
    timer.current = window.setTimeout(() => {
      void recorded.then(() => {
        if (printRun.current === run) window.print();
      });
    }, WARRANTY_PRINT_DELAY_MS);
  }, []);

  const openDraft = (draft: WarrantySheet) => {
    setOpened((o) => ({ draft, key: o.key + 1 }));
    setEditingId(draft.id);
  };

  const onDeleted = (id: number) => {
    if (id !== editingId) return;
    setOpened((o) => ({ draft: null, key: o.key + 1 }));
    setEditingId(null);
  };

  return (
    <>
      <div className={printSheet ? 'w-screen no-print' : 'w-screen'}>
        {offline && (
          <p className="alert alert-error w-offline" role="alert">
            {warrantyMessages.offline}
          </p>
        )}
        <section className="card w-card">
          <WarrantyForm key={opened.key} draft={opened.draft} onPrinted={printSoon} onEditingChange={setEditingId} />
        </section>
        <section className="w-list-section" aria-labelledby="w-list-title">
          <h2 id="w-list-title">Lista e garancioneve</h2>
          <CsvExport kinds={['warranty']} />
          <WarrantyList
            editingId={editingId}
            onOpenDraft={openDraft}
            onPrint={printSoon}
            onDeleted={onDeleted}
            renderClaims={renderClaims}
          />
        </section>
      </div>
      {printSheet && <WarrantyPrintSheet sheet={printSheet} />}
    </>
  );
}
