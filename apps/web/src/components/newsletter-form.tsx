import { useState, type FormEvent } from 'react';

/**
 * The newsletter box (blog) and the footer's subscribe field. Storing the address through
 * POST /api/newsletter is built with the storefront (issue 4).
 */
export function NewsletterForm({ idPrefix, compact }: { idPrefix: string; compact?: boolean }) {
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => e.preventDefault();
  return (
    <form className={`newsletter ${compact ? 'newsletter-compact' : ''}`} onSubmit={submit}>
      <label htmlFor={`${idPrefix}-email`} className="visually-hidden">
        Email-i juaj
      </label>
      <input
        id={`${idPrefix}-email`}
        type="email"
        required
        placeholder="Email-i juaj"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
      />
      <button type="submit" className="btn btn-primary">
        Abonohu
      </button>
    </form>
  );
}
