import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';

/**
 * Submits on Enter or the icon, only when the trimmed text is non-empty; the query is URL-encoded.
 * Before the app is live and without JavaScript it is a plain GET form to /search (issue 26).
 */
export function SearchBox({
  id,
  onSearch,
  initialValue = '',
  label = 'Kërko produkte',
}: {
  id: string;
  onSearch?: () => void;
  initialValue?: string;
  label?: string;
}) {
  const [text, setText] = useState(initialValue);
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?query=${encodeURIComponent(q)}`);
    onSearch?.();
  };
  return (
    <form className="search-box" role="search" aria-label={label} action="/search" method="get" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="query"
        placeholder="Çfarë po kërkoni?"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" aria-label="Kërko">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
