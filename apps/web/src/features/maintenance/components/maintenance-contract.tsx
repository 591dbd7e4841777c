import { useEffect, useRef, useState, type FormEvent } from 'react';
import { contractLimits, firstContractIssue, type MaintenanceContractField } from '@shop/shared/schemas/maintenance-contract';
import { paymentTypes } from '@shop/shared/domain/warranty';
import { maintenanceContractMessages } from '@shop/shared/messages-maintenance-contract';
import { todayInShop } from '@shop/shared/domain/time';
import { MaintenanceContractDocument } from './maintenance-contract-document';
import { Field, SelectField, useFormFields } from '../../../components/form/form-fields';
import '../maintenance.css';

/** The summary shows this long after print is pressed, then the print dialog opens (product.md §4, 9). */
const CONTRACT_PRINT_DELAY_MS = 300;

type Values = Record<MaintenanceContractField, string>;
const empty: Values = { klienti: '', mbiemri: '', imei: '', llojiPageses: '' };

/**
 * The maintenance contract (product.md §2.8, 4, 5): filled and printed in the browser, never sent.
 * Print hides the form, shows the summary after 300 ms, opens the print dialog, then restores
 * the form.
 */
export function MaintenanceContract() {
  const [values, setValues] = useState<Values>(empty);
  const { setNotice, field, errorFor, formNotice } = useFormFields<MaintenanceContractField>('mc', values, (name, value) =>
    setValues((v) => ({ ...v, [name]: value })),
  );
  const [phase, setPhase] = useState<'form' | 'hidden' | 'summary'>('form');
  const [today] = useState(todayInShop);
  const formRef = useRef<HTMLFormElement>(null);
  const printButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // The summary is on the page: print it, then bring the form back.
  useEffect(() => {
    if (phase !== 'summary') return;
    window.print();
    setPhase('form');
  }, [phase]);

  useEffect(() => {
    if (phase === 'form' && timer.current !== undefined) printButton.current?.focus();
  }, [phase]);

  /** The spec's rules in order; shows the first failing message. */
  const validate = (): boolean => {
    const issue = firstContractIssue(values);
    if (!issue) return true;
    setNotice({ kind: 'error', text: issue.message, field: issue.field });
    formRef.current?.querySelector<HTMLElement>(`#mc-${issue.field}`)?.focus();
    return false;
  };

  const print = (e: FormEvent) => {
    e.preventDefault();
    if (phase !== 'form' || !validate()) return;
    setNotice(null);
    setPhase('hidden');
    timer.current = window.setTimeout(() => setPhase('summary'), CONTRACT_PRINT_DELAY_MS);
  };

  const pending = () => {
    if (!validate()) return;
    setNotice({ kind: 'success', text: maintenanceContractMessages.pending });
  };

  return (
    <>
      {phase === 'form' && (
        <div className="mc-layout no-print">
          <section className="mc-intro" aria-labelledby="mc-intro-title">
            <h2 id="mc-intro-title">Telefoni juaj, gjithmonë në formë</h2>
            <p>
              Me kontratën e mirëmbajtjes pajisja juaj kontrollohet, pastrohet dhe përditësohet rregullisht nga teknikët tanë, dhe ka
              përparësi në servis kur ju duhet.
            </p>
            <ul className="mc-points">
              <li>Kontroll teknik dhe diagnostikim i baterisë</li>
              <li>Pastrim i portave, altoparlantëve dhe mikrofonit</li>
              <li>Përditësim i softuerit dhe kopje rezervë e të dhënave</li>
              <li>Përparësi në servis</li>
            </ul>
          </section>

          <form ref={formRef} className="card form mc-form" noValidate onSubmit={print} aria-labelledby="mc-form-title">
            <h2 id="mc-form-title">Të dhënat e kontratës</h2>
            <div className="mc-grid">
              <Field label="Emri i klientit" htmlFor="mc-klienti" error={errorFor('klienti')}>
                <input {...field('klienti')} autoComplete="given-name" maxLength={contractLimits.klienti} />
              </Field>
              <Field label="Mbiemri" htmlFor="mc-mbiemri" error={errorFor('mbiemri')}>
                <input {...field('mbiemri')} autoComplete="family-name" maxLength={contractLimits.mbiemri} />
              </Field>
              <Field label="IMEI" htmlFor="mc-imei" hint="14 shifra" error={errorFor('imei')}>
                <input {...field('imei')} inputMode="numeric" autoComplete="off" maxLength={contractLimits.imei} />
              </Field>
              <SelectField
                label="Lloji i pagesës"
                control={field('llojiPageses')}
                error={errorFor('llojiPageses')}
                placeholder="Zgjidhni llojin e pagesës"
                options={paymentTypes}
              />
              <Field label="Data" htmlFor="mc-data">
                <input id="mc-data" name="data" value={today} readOnly aria-readonly="true" className="mc-readonly" />
              </Field>
            </div>

            <div className="mc-notice">{formNotice}</div>

            <div className="mc-actions">
              <button ref={printButton} type="submit" className="btn btn-primary">
                Printo kontratën
              </button>
              <button type="button" className="btn btn-outline" onClick={pending}>
                NE PRITJE
              </button>
            </div>
          </form>
        </div>
      )}
      {phase === 'hidden' && (
        <p className="mc-preparing muted no-print" role="status">
          Po përgatitet kontrata për printim...
        </p>
      )}
      <MaintenanceContractDocument contract={values} date={today} onScreen={phase === 'summary'} />
    </>
  );
}
