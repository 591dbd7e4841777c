import { useState, type FormEvent } from 'react';
import { catalogueMsg } from '@shop/shared/messages-catalogue';
import { api } from '../lib/api-client';
import './newsletter-form.css';

type State = 'idle' | 'sending' | 'done' | 'failed';

/**
 * The newsletter box (blog) and the footer's subscribe field: both store the address through
 * POST /api/newsletter. After a successful send the form is replaced by the thank-you text.
 */
export function NewsletterForm({ idPrefix, compact }: { idPrefix: string; compact?: boolean }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    try {
      await api('/api/newsletter', { method: 'POST', body: { email: email.trim() }, auth: false });
      setState('done');
    } catch {
      setState('failed');
    }
  };

  if (state === 'done') {
    return (
      <p className={`newsletter-done ${compact ? 'newsletter-compact' : ''}`} role="status">
        {catalogueMsg.newsletterSuccess}
      </p>
    );
  }

  const errorId = `${idPrefix}-error`;
  return (
    <form className={`newsletter ${compact ? 'newsletter-compact' : ''}`} onSubmit={submit}>
      <label htmlFor={`${idPrefix}-email`} className="visually-hidden">
        Email-i juaj
      </label>
      <input
        id={`${idPrefix}-email`}
        type="email"
        required
        maxLength={254}
        placeholder="Email-i juaj"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (state === 'failed') setState('idle');
        }}
        autoComplete="email"
        aria-invalid={state === 'failed' || undefined}
        aria-describedby={state === 'failed' ? errorId : undefined}
      />
      <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
        {state === 'sending' ? 'Duke dërguar...' : 'Abonohu'}
      </button>
      {state === 'failed' && (
        <p id={errorId} className="newsletter-error" role="alert">
          {catalogueMsg.newsletterFailure}
        </p>
      )}
    </form>
  );
}
