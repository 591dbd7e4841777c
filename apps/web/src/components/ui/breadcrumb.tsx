import { Link } from '../../lib/router';
import './breadcrumb.css';

/** A breadcrumb trail: links to the levels above, the current page last. */
export function Breadcrumb({ items }: { items: readonly { label: string; to?: string }[] }) {
  return (
    <nav className="breadcrumb" aria-label="Gjurma">
      <ol>
        {items.map((item, i) =>
          item.to && i < items.length - 1 ? (
            <li key={i}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {item.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
