import { useState } from 'react';

type FieldNotice<F extends string> = { kind: 'error' | 'success'; text: string; field?: F | null } | null;

/**
 * One message at a time for a form: an error shows under the field it is about (which is then
 * marked invalid and described by it); any other message shows below the form.
 */
export function useFieldNotice<F extends string>(idPrefix: string) {
  const [notice, setNotice] = useState<FieldNotice<F>>(null);
  const noticeId = `${idPrefix}-notice`;
  const invalid: F | null = notice?.kind === 'error' ? (notice.field ?? null) : null;

  const fieldProps = (name: F) => ({
    'aria-invalid': invalid === name ? true : undefined,
    'aria-describedby': invalid === name ? noticeId : undefined,
  });

  const errorFor = (name: F, className: string) =>
    notice?.field === name ? (
      <p id={noticeId} className={`alert alert-error ${className}`} role="alert">
        {notice.text}
      </p>
    ) : null;

  const formNotice =
    notice && !notice.field ? (
      <p
        id={noticeId}
        className={`alert ${notice.kind === 'error' ? 'alert-error' : 'alert-success'}`}
        role={notice.kind === 'error' ? 'alert' : 'status'}
      >
        {notice.text}
      </p>
    ) : null;

  return { notice, setNotice, invalid, fieldProps, errorFor, formNotice };
}
