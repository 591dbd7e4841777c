/**
 * Says, only to a browser without JavaScript, what a part of a server-rendered page needs it for
 * (issue 26). Whatever does nothing without it carries the class `needs-js`, which index.html
 * hides in its own <noscript> style.
 */
export function NeedsScript({ text }: { text: string }) {
  return (
    <noscript>
      <p className="alert alert-info needs-script">{text}</p>
    </noscript>
  );
}
