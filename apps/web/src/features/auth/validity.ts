import type { FormEvent } from 'react';

/**
 * The browser still checks the fields (product.md §5: required, email type), but says it in Albanian:
 * the built-in bubbles would speak the browser's language.
 */
export function albanianValidity(messages: { valueMissing?: string; typeMismatch?: string; tooShort?: string }) {
  return {
    onInvalid: (e: FormEvent<HTMLInputElement>) => {
      const el = e.currentTarget;
      const v = el.validity;
      el.setCustomValidity(
        (v.valueMissing && messages.valueMissing) || (v.typeMismatch && messages.typeMismatch) || (v.tooShort && messages.tooShort) || '',
      );
    },
    onInput: (e: FormEvent<HTMLInputElement>) => e.currentTarget.setCustomValidity(''),
  };
}
