import type { ReactNode } from 'react';
import { adminMsg } from '@shop/shared/messages-admin';
import './list-tools.css';

/**
 * 'Faqja e mëparshme' · 'Faqja X nga Y' · 'Faqja tjetër' under an admin list (orders, history,
 * e-mails, products, users, warranty sheets). `extra` follows the page number ('· 43 gjithsej').
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  extra,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  extra?: ReactNode;
}) {
  return (
    <nav className="admin-pager list-pager" aria-label={label}>
      <button type="button" className="btn btn-sm btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {adminMsg.previousPage}
      </button>
      <span aria-current="page" aria-live="polite">
        {adminMsg.pageOf(Math.min(page, pages), pages)}
        {extra}
      </span>
      <button type="button" className="btn btn-sm btn-outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {adminMsg.nextPage}
      </button>
    </nav>
  );
}
