import { useId, type ReactNode } from 'react';
import type { CatalogueFilter } from '../lib/filters';
import '../products.css';

/** Text search over name and description, minimum and maximum price (an empty bound means no limit). */
export function CatalogueFilters<F extends CatalogueFilter>({
  value,
  onChange,
  onReset,
  textLabel = 'Kërko sipas emrit ose përshkrimit',
  textPlaceholder = 'p.sh. Pro Max',
  resultText,
  children,
}: {
  value: F;
  onChange: (next: F) => void;
  onReset: () => void;
  textLabel?: string;
  textPlaceholder?: string;
  resultText: string;
  children?: ReactNode;
}) {
  const id = useId();
  const active = value.text !== '' || value.min !== '' || value.max !== '' || ('card' in value && value.card !== 'all');
  return (
    <form
      className={`catalogue-filters ${children ? 'with-select' : ''}`}
      role="search"
      aria-label="Filtrat"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="cf-field cf-text">
        <label htmlFor={`${id}-text`}>{textLabel}</label>
        <input
          id={`${id}-text`}
          type="search"
          className="input"
          placeholder={textPlaceholder}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
          autoComplete="off"
        />
      </div>
      <div className="cf-field">
        <label htmlFor={`${id}-min`}>Çmimi min. (€)</label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="decimal"
          min={0}
          className="input"
          placeholder="0"
          value={value.min}
          onChange={(e) => onChange({ ...value, min: e.target.value })}
        />
      </div>
      <div className="cf-field">
        <label htmlFor={`${id}-max`}>Çmimi maks. (€)</label>
        <input
          id={`${id}-max`}
          type="number"
          inputMode="decimal"
          min={0}
          className="input"
          placeholder="Pa kufi"
          value={value.max}
          onChange={(e) => onChange({ ...value, max: e.target.value })}
        />
      </div>
      {children}
      <div className="cf-footer">
        <p className="cf-count" role="status">
          {resultText}
        </p>
        {active && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onReset}>
            Pastro filtrat
          </button>
        )}
      </div>
    </form>
  );
}
