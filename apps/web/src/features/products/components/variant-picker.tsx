import type { Product } from '@shop/shared/schemas/product';
import { isColourOption, swatchColour, valueState, type ValueState } from '../lib/variants';

const stateNote: Record<Exclude<ValueState, 'available'>, string> = {
  'sold-out': "S'ka në stok",
  missing: 'Nuk ofrohet',
};

/**
 * The product's options as groups of buttons (issue 27): one labelled group per option ('Ngjyra',
 * 'Memoria'), each value a button with `aria-pressed`; a colour shows a swatch beside its name. A
 * value that would make a combination out of stock or one the shop does not sell says so in its
 * text, which is part of its name (not aria-disabled: it can still be chosen), so the page can say why it cannot
 * be added.
 */
export function VariantPicker({
  options,
  variants,
  chosen,
  onChoose,
}: {
  options: NonNullable<Product['options']>;
  variants: NonNullable<Product['variants']>;
  chosen: readonly string[];
  onChoose: (index: number, value: string) => void;
}) {
  return (
    <div className="variant-picker">
      {options.map((option, index) => {
        const labelId = `variant-option-${option.id}`;
        const colour = isColourOption(option.name);
        return (
          <div key={option.id} className="variant-option" role="group" aria-labelledby={labelId}>
            <p className="variant-option-label" id={labelId}>
              {option.name}
              {chosen[index] ? <span className="variant-option-chosen">: {chosen[index]}</span> : null}
            </p>
            <div className="variant-values">
              {option.values.map(({ id, value }) => {
                const state = valueState(variants, chosen, index, value);
                const pressed = chosen[index]?.toLocaleLowerCase('sq') === value.toLocaleLowerCase('sq');
                const swatch = colour ? swatchColour(value) : null;
                return (
                  <button
                    key={id}
                    type="button"
                    className={`variant-value variant-${state}`}
                    aria-pressed={pressed}
                    onClick={() => onChoose(index, value)}
                  >
                    {swatch && <span className="variant-swatch" style={{ background: swatch }} aria-hidden="true" />}
                    <span className="variant-value-name">{value}</span>
                    {state !== 'available' && (
                      <span className="variant-value-note">
                        <span className="visually-hidden">{', '}</span>
                        {stateNote[state]}
                      </span>
                    )}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
