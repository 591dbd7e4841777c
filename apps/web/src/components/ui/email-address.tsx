import { Fragment } from 'react';
import './email-address.css';

/** The places an address may break: after its '@' and after each dot. */
const breakParts = (email: string): string[] => email.split(/(?<=[@.])/);

/**
 * An e-mail address in a table, a card or a printout (issue 26): it breaks only after its '@' or a
 * dot ('walk.test@' / 'example.com', never 'walk.tes' / 't' nor at a hyphen), and a part longer
 * than its box is shortened with '…', the whole address in its title.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="email-address" title={email}>
      {breakParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
